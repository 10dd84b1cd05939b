import { and, eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx, Transaction } from '../db/client.js';
import { inTransactionTogether, type GroupCall } from '../db/group-commit.js';
import { editions, payments } from '../db/schema.js';
import { lockOrdersToSettle, settleOrder } from '../orders/fulfil.js';
import { columnsOf, queryRows } from '../db/sql-rows.js';
import type { OrderRow } from '../db/order-record.js';
import type { BalanceTerms } from '../balance/terms.js';

export type RealPaymentMethod = 'ton' | 'stripe' | 'stars';

/** A payment one of the rails saw: its own unique reference, the order it names, what arrived. */
export interface IncomingPayment {
  method: RealPaymentMethod;
  /** TON transaction hash, Stripe Checkout Session id, Telegram payment charge id. */
  ref: string;
  /** The order the payment names (TON comment, session metadata, invoice payload); null when none. */
  orderId: string | null;
  /** In the rail's smallest unit (nanotons, cents, Stars). */
  amount: bigint;
  currency: string;
  details?: Record<string, unknown>;
}

/**
 * fulfilled: an edition was bought (or this payment had already bought it);
 * refund_required: money in, no edition (sold out meanwhile, already owned, a second payment);
 * underpaid: less than the order's price, fulfils nothing; unmatched: names no order we know.
 */
export type PaymentOutcome = 'fulfilled' | 'refund_required' | 'underpaid' | 'unmatched';

export interface SettleResult {
  outcome: PaymentOutcome;
  /** False when this payment had been settled before (a repeated webhook, update or read). */
  firstTime: boolean;
  orderId: string | null;
  edition: number | null;
  /** Why a refund_required payment bought nothing (`sold_out`, `already_owned`, …); null for any other outcome. */
  reason: string | null;
}

export interface SettleOptions {
  now: Date;
  /** Whether the amount pays for the order; the rail knows the price it asked for. */
  pays(order: OrderRow, amount: bigint): boolean;
  /** Runs in the transaction when the amount does not pay the order (the TON watcher tells a resale's buyer). */
  underpaid?(tx: Transaction, order: OrderRow): Promise<void>;
  /** PRIMARY_FEE_BPS and CARD_PAYOUT_HOLD_DAYS for the creator's credit; the settings' defaults when absent. */
  balance?: BalanceTerms;
}

/**
 * Settles one incoming payment exactly once, in one transaction: the ledger row (unique on method and
 * reference) is written first, so a concurrent delivery of the same payment waits for this one and then
 * finds it settled; the order goes through `settleOrder`, the one settlement every rail shares. A crash
 * before commit leaves nothing behind, and the payment is settled in full when it is seen again.
 *
 * Payments that arrive together, from any rail, share that transaction (`inTransactionTogether`): in a drop
 * they all queue on the pack's row lock, and one commit for the lot replaces one commit each under it.
 */
export function settlePayment(db: Database, payment: IncomingPayment, options: SettleOptions): Promise<SettleResult> {
  return settleTogether(db, { payment, options });
}

const settleTogether = inTransactionTogether(
  (tx, input: { payment: IncomingPayment; options: SettleOptions }, group) =>
    settlePaymentInTransaction(tx, input.payment, input.options, group),
  // Two payments naming one order (a repeat, a second transfer) settle one after the other.
  { keyOf: ({ payment }) => payment.orderId ?? `${payment.method}:${payment.ref}` },
);

/** The body of `settlePayment`, in its transaction. */
async function settlePaymentInTransaction(
  tx: Transaction,
  payment: IncomingPayment,
  options: SettleOptions,
  group: GroupCall,
): Promise<SettleResult> {
  const claimed = await group.together(tx, claimPayments, { payment, createdAt: options.now });
  if (claimed === undefined) return settledBefore(tx, payment);

  // The one read of the order, under its row lock: what follows decides and writes from this row.
  const locked = payment.orderId
    ? await group.together(tx, lockOrdersToSettle, {
        orderId: payment.orderId,
        paymentRef: payment.ref,
        method: payment.method,
      })
    : undefined;
  if (!locked) {
    await recordOutcome(tx, claimed, { outcome: 'unmatched', reason: 'unknown_order', refundStatus: 'manual' });
    return { outcome: 'unmatched', firstTime: true, orderId: null, edition: null, reason: null };
  }
  const { order } = locked;
  if (!options.pays(order, payment.amount)) {
    await recordOutcome(tx, claimed, {
      outcome: 'underpaid',
      reason: 'below_price',
      refundStatus: 'manual',
      orderId: order.id,
    });
    await options.underpaid?.(tx, order);
    return { outcome: 'underpaid', firstTime: true, orderId: order.id, edition: null, reason: null };
  }

  // In this transaction: the edition and the ledger row commit together or not at all.
  const result = await settleOrder(tx, locked, {
    orderId: order.id,
    paymentRef: payment.ref,
    now: options.now,
    method: payment.method,
    ...(options.balance && { balance: options.balance }),
    group,
  });
  if (result.outcome === 'refund_required') {
    const refundReason = result.refundReason ?? 'refund_required';
    // Pending on every rail: the settlement queued its refund job, and the refund queue alone decides how it
    // goes back (a TON refund through the payout wallet, or to an operator as `manual`; see ton-refunds.ts).
    await recordOutcome(tx, claimed, {
      outcome: 'refund_required',
      reason: refundReason,
      refundStatus: 'pending',
      orderId: order.id,
    });
    return { outcome: 'refund_required', firstTime: true, orderId: order.id, edition: null, reason: refundReason };
  }
  return { outcome: 'fulfilled', firstTime: true, orderId: order.id, edition: result.order.edition, reason: null };
}

interface Claim {
  payment: IncomingPayment;
  createdAt: Date;
}

/**
 * Writes the ledger row of each payment not seen before, in one statement for a group's payments (in the
 * references' order, as every group writes them); the id of each row written, undefined for a payment
 * whose row exists. With it the first guess of what the payment did, so that nothing of it waits under
 * the pack's row lock: the order it names (when it exists) and fulfilled. A payment that buys nothing is
 * recorded again later in its transaction, so nobody reads the guess.
 */
async function claimPayments(tx: Transaction, claims: readonly Claim[]): Promise<(number | undefined)[]> {
  const column = columnsOf(claims);
  const rows = await queryRows<{ id: string; method: string; ref: string }>(
    tx,
    sql`insert into payments (method, ref, order_id, amount, currency, outcome, refund_status, details, created_at)
      select c.method, c.ref, (select o.id from orders o where o.id = c.order_id), c.amount, c.currency,
        'fulfilled', 'none', c.details, c.created_at
      from unnest(${column((c) => c.payment.method)}::text[], ${column((c) => c.payment.ref)}::text[],
        ${column((c) => c.payment.orderId)}::uuid[], ${column((c) => c.payment.amount.toString())}::bigint[],
        ${column((c) => c.payment.currency)}::text[], ${column((c) => JSON.stringify(c.payment.details ?? {}))}::jsonb[],
        ${column((c) => c.createdAt.toISOString())}::timestamptz[])
        as c(method, ref, order_id, amount, currency, details, created_at)
      order by c.method, c.ref
      on conflict (method, ref) do nothing
      returning id::text, method, ref`,
  );
  const written = new Map(rows.map((row) => [`${row.method}:${row.ref}`, Number(row.id)]));
  return claims.map(({ payment }) => {
    const key = `${payment.method}:${payment.ref}`;
    const id = written.get(key);
    // The same payment twice in one statement: the first is written, the second finds it.
    written.delete(key);
    return id;
  });
}

async function settledBefore(tx: Transaction, payment: IncomingPayment): Promise<SettleResult> {
  const [row] = await tx
    .select({ outcome: payments.outcome, orderId: payments.orderId, reason: payments.reason })
    .from(payments)
    .where(and(eq(payments.method, payment.method), eq(payments.ref, payment.ref)));
  if (!row) throw new Error(`Payment ${payment.method}:${payment.ref} vanished while being settled`);
  const edition =
    row.outcome === 'fulfilled' && row.orderId ? ((await findOrderEdition(tx, row.orderId)) ?? null) : null;
  return {
    outcome: row.outcome as PaymentOutcome,
    firstTime: false,
    orderId: row.orderId,
    edition,
    reason: row.reason,
  };
}

async function recordOutcome(
  tx: Transaction,
  id: number,
  fields: { outcome: PaymentOutcome; reason: string | null; refundStatus: string; orderId?: string },
): Promise<void> {
  await tx
    .update(payments)
    .set({ outcome: fields.outcome, reason: fields.reason, refundStatus: fields.refundStatus, orderId: fields.orderId })
    .where(eq(payments.id, id));
}

async function findOrderEdition(tx: DbOrTx, orderId: string): Promise<number | undefined> {
  const [row] = await tx.select({ serial: editions.serial }).from(editions).where(eq(editions.orderId, orderId));
  return row?.serial;
}
