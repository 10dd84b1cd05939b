import type { GroupCall } from '../db/group-commit.js';
import type { OrderStatus, PaymentMethod } from '@stickerdrop/shared';
import type { BalanceTerms } from '../balance/terms.js';
import type { OrderRecord } from '../db/order-record.js';
import type { RefundReason } from '../outbox/kinds/index.js';

/**
 * The order model: its states and what settling a payment for one is asked and answers. The rows are read
 * and written in db/order-record.ts and by the sale paths; the rules about them are in rules.ts.
 */

/** Statuses after which a payment has been taken: the order never goes back to reserved. */
export const SETTLED_STATUSES: ReadonlySet<string> = new Set<OrderStatus>(['paid', 'refund_required', 'refunded']);

/** What settling a payment for an order (a new edition or a resale) is asked and answers. */
export interface FulfilInput {
  orderId: string;
  /** The rail's id of the payment (tx hash, Stripe session, Stars charge); `demo:<orderId>` in demo mode. */
  paymentRef: string;
  now: Date;
  /** The rail that took the money, when it is not the one the buyer chose; recorded on the order. */
  method?: PaymentMethod;
  /** How the edition says it was paid, when not `method` (the demo rail's `demo`: not "Paid on chain"). */
  acquiredWith?: string;
  /** PRIMARY_FEE_BPS and CARD_PAYOUT_HOLD_DAYS for the creator's credit; the settings' defaults when absent. */
  balance?: BalanceTerms;
  /** The group this settlement shares its transaction with (group-commit.ts); alone when absent. */
  group?: GroupCall;
}

export type FulfilOutcome = 'fulfilled' | 'already_fulfilled' | 'refund_required';

export interface FulfilResult {
  outcome: FulfilOutcome;
  order: OrderRecord;
  /** Why this payment goes back, when it does and this call decided it (the refund notice says the same). */
  refundReason?: RefundReason;
}
