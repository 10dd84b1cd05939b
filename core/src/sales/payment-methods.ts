import { API_ERRORS, RESALE_ERRORS, type PaymentInstructions, type PaymentMethod } from '@stickerdrop/shared';
import type { Config } from '../config.js';
import { DomainError } from '../errors.js';
import type { OrderRow } from '../db/order-record.js';

/**
 * Which payment methods this deployment offers and which rail takes each: the one place every sale path
 * (a pack, a listing) and the buy screen ask.
 */

export type RailConfig = Pick<Config, 'paymentMethods' | 'demo' | 'ton' | 'stripe' | 'botToken'>;

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
 * The real rails this deployment can run: listed in PAYMENT_METHODS and configured. TON needs the
 * receiver and an indexer to confirm payments; Stripe its key and webhook secret; Stars the bot token.
 */
export function configuredRailMethods(config: RailConfig): Array<'ton' | 'stripe' | 'stars'> {
  const ready = {
    ton: tonConfirmable(config),
    stripe: Boolean(config.stripe.secretKey && config.stripe.webhookSecret),
    stars: Boolean(config.botToken),
  };
  return config.paymentMethods.filter((method): method is 'ton' | 'stripe' | 'stars' =>
    method === 'ton' || method === 'stripe' || method === 'stars' ? ready[method] : false,
  );
}

/**
 * What the buy screen may offer (GET /api/config). Outside demo mode: the configured real rails. In demo
 * mode: `demo` first, then every other offered method, each paid on its real rail when that is configured
 * and on the demo rail otherwise. `stars` is shown by the mini-app only inside Telegram.
 */
export function availablePaymentMethods(config: RailConfig): PaymentMethod[] {
  if (!config.demo) return configuredRailMethods(config);
  return ['demo', ...offeredPaymentMethods(config).filter((method) => method !== 'demo')];
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

/**
 * How a listing bought with `method` is paid: resale is paid in TON, wallet to wallet (Stars and card stay
 * for primary sales), so the TON target when TON is offered and has its rail; null (the demo rail) in demo
 * mode for `demo`, or for `ton` while TON is not configured. Anything else is refused (400).
 */
export function resalePaymentTarget(
  config: Pick<Config, 'paymentMethods' | 'demo' | 'ton'>,
  rails: readonly PaymentRail[],
  method: PaymentMethod,
): { receiver: string; network: Config['ton']['network'] } | null {
  const tonOnly = () => new DomainError('payment_method_unavailable', RESALE_ERRORS.tonOnly);
  if ((method !== 'ton' && method !== 'demo') || !offeredPaymentMethods(config).includes(method)) throw tonOnly();
  const receiver = config.ton.receiver;
  const tonConfigured = rails.some((rail) => rail.method === 'ton') && receiver !== undefined;
  if (method === 'ton' && tonConfigured) return { receiver, network: config.ton.network };
  if (!config.demo) throw tonOnly();
  return null;
}

/** TON can be confirmed here: a receiving wallet, and an indexer to watch the chain for payments. */
function tonConfirmable(config: Pick<Config, 'ton'>): boolean {
  return Boolean(config.ton.receiver && config.ton.indexerUrl);
}

/**
 * Where a resale sold by accepting an offer is paid: resale is paid in TON, wallet to wallet, so the TON
 * target when this deployment offers TON and can confirm it; null when it cannot.
 */
export function resaleTonTarget(
  config: Pick<Config, 'paymentMethods' | 'ton'>,
): { receiver: string; network: Config['ton']['network'] } | null {
  const { receiver, network } = config.ton;
  return config.paymentMethods.includes('ton') && tonConfirmable(config) && receiver ? { receiver, network } : null;
}
