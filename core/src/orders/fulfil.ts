import { eq, sql } from 'drizzle-orm';
import type { PaymentMethod } from '@stickerdrop/shared';
import type { DbOrTx, Transaction } from '../db/client.js';
import { editions, orders, packs } from '../db/schema.js';
import { queryRows } from '../db/sql-rows.js';
import type { OrderRow } from '../db/order-record.js';
import { enqueueOutboxMessages } from '../outbox/enqueue.js';
import { fulfilResaleOrder } from '../resale/settle.js';
import { refundRequiredMessage } from '../sales/notices.js';
import { SETTLED_STATUSES, type FulfilInput, type FulfilResult } from '../sales/order.js';
import { paymentRefTaken } from '../sales/rules.js';
import { openBoughtGift } from '../sales/bought-gift.js';
import { fulfilPrimary } from './fulfil-primary.js';

export class OrderNotFoundError extends Error {
  constructor(readonly orderId: string) {
    super(`Order ${orderId} does not exist`);
  }
}

/** One payment reference can settle one order only; a rail that reuses it for another order has a bug. */
export class PaymentRefConflictError extends Error {
  constructor(
    readonly paymentRef: string,
    readonly orderId: string,
  ) {
    super(`Payment ${paymentRef} already settled another order than ${orderId}`);
  }
}

/**
 * Settles a payment for an order: the one function every rail calls, safe to call any number of times.
 *
 * With the order row and then the pack row locked (and the pack's supply lock, for a lapsed order):
 * - an order already settled by this payment changes nothing ('already_fulfilled' when paid, else
 *   'refund_required'); a different payment for a settled order is a duplicate and gets a refund notice;
 * - a reserved or expired order buys an edition when one is available to it: it is live, or enough supply
 *   is left beside other buyers' live reservations, and the buyer owns none yet. The edition gets the next
 *   serial, the order becomes paid, and the buyer's receipt and the creator's sale notice are queued;
 * - otherwise the order becomes refund_required (paid too late, or the buyer already owns the pack) and
 *   the buyer is told.
 * Unique (pack, serial), unique edition per order and sold_count <= max_supply back this up in the schema.
 */
export async function fulfilOrder(db: DbOrTx, input: FulfilInput): Promise<FulfilResult> {
  const primary = await fulfilPrimaryInOneCall(db, input);
  return primary ? withBoughtGift(db, primary, input.now) : fulfilInTransaction(db, input);
}

/**
 * The same, for a caller that read the order and holds its row lock in `tx` (settling a payment reads the
 * order once, under its lock, and passes it on): nothing here reads it again but the database function,
 * which settles a payable primary order in one call.
 */
export async function fulfilLockedOrder(tx: Transaction, order: OrderRow, input: FulfilInput): Promise<FulfilResult> {
  if (order.kind === 'primary' && !SETTLED_STATUSES.has(order.status)) {
    const settled = await fulfilPrimaryInOneCall(tx, input);
    if (settled) return withBoughtGift(tx, settled, input.now);
  }
  return withBoughtGift(tx, await settleLocked(tx, order, input), input.now);
}

/**
 * An order bought as a gift that this payment paid: its gift names the edition and starts waiting to be
 * claimed, in the same transaction (a caller's, as every rail's is; `fulfilOrder` on a bare handle, for
 * tests, writes it just after).
 */
async function withBoughtGift(db: DbOrTx, result: FulfilResult, now: Date): Promise<FulfilResult> {
  if (result.outcome === 'fulfilled') await openBoughtGift(db, result.order, now);
  return result;
}

/**
 * The common case, a reserved or lapsed primary order, is the database function `fulfil_primary_order`
 * (fulfil-primary.ts), which follows the rules above. Null for everything else (a resale, a settled order,
 * an unknown one), which the general path below answers.
 */
async function fulfilPrimaryInOneCall(db: DbOrTx, input: FulfilInput): Promise<FulfilResult | null> {
  const { outcome, serial, order } = await fulfilPrimary(db, input);
  switch (outcome) {
    case 'fulfilled':
      return { outcome: 'fulfilled', order: { ...order, edition: Number(serial) } };
    case 'sold_out':
    case 'already_owned':
      return { outcome: 'refund_required', order: { ...order, edition: null }, refundReason: outcome };
    case 'ref_conflict':
      throw new PaymentRefConflictError(input.paymentRef, input.orderId);
    case 'missing':
    case 'other':
      return null;
    default:
      throw new Error(`fulfil_primary_order failed: ${outcome}`);
  }
}

/** Every case, statement by statement in one transaction: the order row locked, then the pack row. */
async function fulfilInTransaction(db: DbOrTx, input: FulfilInput): Promise<FulfilResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order) throw new OrderNotFoundError(input.orderId);
    return withBoughtGift(tx, await settleLocked(tx, order, input), input.now);
  });
}

/** A settled order, or a resale: the order's row is locked in `tx`. */
async function settleLocked(tx: Transaction, order: OrderRow, input: FulfilInput): Promise<FulfilResult> {
  const method = input.method ?? order.paymentMethod;
  await assertPaymentRefFree(tx, method, input.paymentRef, order.id);

  if (SETTLED_STATUSES.has(order.status)) return settledAgain(tx, order, method, input.paymentRef);
  if (order.kind === 'resale') return fulfilResaleOrder(tx, order, { ...input, method: method as PaymentMethod });

  // A reserved or lapsed primary order is fulfil_primary_order's, which answered before this ran.
  throw new Error(`Order ${order.id} (${order.kind}, ${order.status}) cannot be settled here`);
}

async function settledAgain(
  tx: Transaction,
  order: OrderRow,
  method: string,
  paymentRef: string,
): Promise<FulfilResult> {
  const edition = await editionSerial(tx, order.id);
  const sameOutcome = order.status === 'paid' ? 'already_fulfilled' : 'refund_required';
  if (order.paymentMethod === method && order.paymentRef === paymentRef) {
    return { outcome: sameOutcome, order: { ...order, edition } };
  }
  // Money arrived twice for one order: the order stays as it is, the second payment goes back.
  const [pack] = await tx.select({ id: packs.id, title: packs.title }).from(packs).where(eq(packs.id, order.packId));
  const refund = refundRequiredMessage(order, pack!, { method, paymentRef }, 'duplicate_payment');
  await enqueueOutboxMessages(tx, [refund]);
  return { outcome: 'refund_required', order: { ...order, edition }, refundReason: 'duplicate_payment' };
}

async function assertPaymentRefFree(tx: Transaction, method: string, paymentRef: string, orderId: string) {
  const [row] = await queryRows<{ taken: boolean }>(
    tx,
    sql`select ${paymentRefTaken(method, paymentRef, orderId)} as taken`,
  );
  if (row?.taken) throw new PaymentRefConflictError(paymentRef, orderId);
}

async function editionSerial(tx: Transaction, orderId: string): Promise<number | null> {
  const [row] = await tx.select({ serial: editions.serial }).from(editions).where(eq(editions.orderId, orderId));
  return row?.serial ?? null;
}
