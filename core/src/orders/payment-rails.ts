import { API_ERRORS, type PaymentInstructions, type PaymentMethod } from '@stickerdrop/shared';
import type { Config } from '../config.js';
import { DomainError } from '../errors.js';
import type { OrderRow } from '../db/order-record.js';

/** What a rail sees of a freshly reserved order. */
export type PayableOrder = Pick<OrderRow, 'id' | 'userId' | 'packId' | 'amountNano' | 'paymentMethod' | 'expiresAt'>;

/**
 * One way to take a payment. `createPayment` runs once per new order, after the reservation is committed,
 * and returns what the client needs to pay; the rail later settles the order through `fulfilOrder`.
 */
export interface PaymentRail {
  readonly method: PaymentMethod;
  createPayment(order: PayableOrder): PaymentInstructions | Promise<PaymentInstructions>;
}

/** Pays with nothing: demo mode only, settled by POST /api/orders/:id/demo-pay. */
export const demoRail: PaymentRail = {
  method: 'demo',
  createPayment: () => ({ kind: 'demo' }),
};

/** The methods a buyer may choose: the operator's PAYMENT_METHODS, plus `demo` in demo mode. */
export function offeredPaymentMethods(config: Pick<Config, 'paymentMethods' | 'demo'>): PaymentMethod[] {
  const methods = config.paymentMethods as PaymentMethod[];
  return config.demo && !methods.includes('demo') ? [...methods, 'demo'] : methods;
}

/**
 * The rail that takes a payment for `method`, or 400 when the method is not offered or has no rail.
 * In demo mode a method whose real rail is configured still uses it; every other offered method is paid
 * on the demo rail, and the order still records the buyer's choice.
 */
export function resolvePaymentRail(
  config: Pick<Config, 'paymentMethods' | 'demo'>,
  rails: readonly PaymentRail[],
  method: PaymentMethod,
): PaymentRail {
  if (!offeredPaymentMethods(config).includes(method))
    throw new DomainError('payment_method_unavailable', API_ERRORS.paymentMethodUnavailable);
  const rail = rails.find((candidate) => candidate.method === method);
  if (config.demo) return rail ?? demoRail;
  if (!rail) throw new DomainError('payment_method_unavailable', API_ERRORS.paymentMethodUnavailable);
  return rail;
}
