import { API_ERRORS } from '@stickerdrop/shared';
import type { Database, Transaction } from '../db/client.js';
import { inTransactionTogether } from '../db/group-commit.js';
import { findUserOrder, type OrderRecord } from '../db/order-record.js';
import { DomainError } from '../errors.js';
import type { FulfilResult } from '../sales/order.js';
import { lockOrderToSettle, settleOrder } from './fulfil.js';

/** A buyer's own order; anyone else's, like an unknown one, is not found. */
export async function requireUserOrder(db: Database, orderId: string, userId: number): Promise<OrderRecord> {
  const order = await findUserOrder(db, orderId, userId);
  if (!order) throw new DomainError('not_found', API_ERRORS.orderNotFound);
  return order;
}

/** The demo rail's button exists only in demo mode: elsewhere it is not there at all. */
export function requireDemoMode(demo: boolean): void {
  if (!demo) throw new DomainError('not_found', API_ERRORS.demoOff);
}

/**
 * Pays the buyer's own order on the demo rail, through the settlement every rail shares. An order a real
 * rail took (configured even in demo mode) is paid there, never by this button. The order keeps the method
 * the buyer chose, but the edition says how it was really paid: a demo payment is not "Paid on chain".
 */
export function payOnDemoRail(db: Database, input: DemoPayment): Promise<FulfilResult> {
  return payTogether(db, input);
}

interface DemoPayment {
  orderId: string;
  userId: number;
  now: Date;
}

/** Demo payments that arrive together share a transaction, as every rail's settlements do. */
const payTogether = inTransactionTogether(
  async (tx: Transaction, input: DemoPayment, group) => {
    const paymentRef = `demo:${input.orderId}`;
    const locked = await lockOrderToSettle(tx, { orderId: input.orderId, userId: input.userId, paymentRef });
    if (!locked) throw new DomainError('not_found', API_ERRORS.orderNotFound);
    if (locked.order.payment.kind !== 'demo') {
      throw new DomainError('payment_method_unavailable', API_ERRORS.paymentMethodUnavailable);
    }
    return settleOrder(tx, locked, {
      orderId: input.orderId,
      paymentRef,
      now: input.now,
      acquiredWith: 'demo',
      group,
    });
  },
  { keyOf: (input) => input.orderId },
);
