import { and, eq, sql } from 'drizzle-orm';
import type { PaymentMethod } from '@stickerdrop/shared';
import { DEFAULT_BALANCE_TERMS } from '../balance/terms.js';
import type { DbOrTx, Transaction } from '../db/client.js';
import { inAskedOrder } from '../db/sql-rows.js';
import { ALONE } from '../db/group-commit.js';
import { editions, orders, packs } from '../db/schema.js';
import type { OrderRow } from '../db/order-record.js';
import { enqueueOutboxMessages } from '../outbox/enqueue.js';
import { fulfilResaleOrder } from '../resale/settle.js';
import { refundRequiredMessage } from '../sales/notices.js';
import { SETTLED_STATUSES, type FulfilInput, type FulfilResult } from '../sales/order.js';
import { paymentRefTaken } from '../sales/rules.js';
import { boughtGiftOf, openBoughtGift } from '../sales/bought-gift.js';
import { settlePrimaryOrder } from './settle-primary.js';

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
 * Settles a payment for an order, safe to call any number of times: the order's row is locked and read
 * once, then `settleOrder` decides. For a caller with no transaction of its own (tests, tools); every rail
 * settles through `settleOrder` inside the transaction that records its payment.
 */
export async function fulfilOrder(db: DbOrTx, input: FulfilInput): Promise<FulfilResult> {
  return db.transaction(async (tx) => {
    const locked = await lockOrderToSettle(tx, input);
    if (!locked) throw new OrderNotFoundError(input.orderId);
    return settleOrder(tx, locked, input);
  });
}

/**
 * An order as its settlement reads it, once, under its row lock: the row, whether another order carries the
 * payment's reference already, and whether the order buys a gift (whose row is then locked and read).
 */
export interface OrderToSettle {
  order: OrderRow;
  refTaken: boolean;
  buysGift: boolean;
}

/** What a payment names to settle: its order (only when it is `userId`'s, when given), its reference, its rail. */
export type OrderToLock = Pick<FulfilInput, 'orderId' | 'paymentRef' | 'method'> & { userId?: number };

/**
 * Locks and reads the order a payment names, in one statement with the rest its settlement needs to know
 * before deciding; undefined when there is no such order.
 */
export async function lockOrderToSettle(tx: Transaction, input: OrderToLock): Promise<OrderToSettle | undefined> {
  const [locked] = await lockOrdersToSettle(tx, [input]);
  return locked;
}

/**
 * `lockOrderToSettle` for the payments of a group (group-lanes.ts), in one statement: the orders are locked
 * in their ids' order, as any other group would lock them, so two groups never wait for each other's rows.
 */
export async function lockOrdersToSettle(
  tx: Transaction,
  inputs: readonly OrderToLock[],
): Promise<(OrderToSettle | undefined)[]> {
  // Written out whole: drizzle leaves a lone table's columns unqualified, and the gift's would shadow them.
  const orderId = sql.raw('"orders"."id"');
  const rows = await tx
    .select({
      n: sql<number>`r.n`.mapWith(Number),
      order: orders,
      refTaken: paymentRefTaken(sql`coalesce(r.method, ${orders.paymentMethod})`, sql`r.ref`, orderId),
      buysGift: sql<boolean>`exists (select 1 from gifts g where g.order_id = ${orderId} and g.status = 'unpaid')`,
    })
    .from(
      sql`unnest(${sql.param(inputs.map((i) => i.orderId))}::uuid[], ${sql.param(inputs.map((i) => i.paymentRef))}::text[],
        ${sql.param(inputs.map((i) => i.method ?? null))}::text[], ${sql.param(inputs.map((i) => i.userId ?? null))}::bigint[])
        with ordinality as r(order_id, ref, method, user_id, n)`,
    )
    .innerJoin(orders, and(eq(orders.id, sql`r.order_id`), sql`(r.user_id is null or ${orders.userId} = r.user_id)`))
    .orderBy(orders.id)
    .for('update', { of: orders });
  return inAskedOrder(rows, inputs.length);
}

/**
 * The one settlement of every rail (TON, Stars, card, demo), on the order the caller read under its row lock
 * in `tx`; each rail only turns its evidence into `input`. With that lock held:
 * - a reference another order carries is a rail's bug (`PaymentRefConflictError`);
 * - an order already settled by this payment changes nothing ('already_fulfilled' when paid, else
 *   'refund_required'); a different payment for a settled order is a duplicate and gets a refund notice;
 * - a primary order mints an edition or is refunded (`settlePrimaryOrder` says when); a resale order takes
 *   the listed edition or is refunded (`fulfilResaleOrder`); either credits the creator's balance with what
 *   the marketplace keeps for them;
 * - an order bought as a gift that this payment paid opens its gift, in the same transaction.
 * Unique (pack, serial), unique edition per order and sold_count <= max_supply back this up in the schema.
 */
export async function settleOrder(tx: Transaction, locked: OrderToSettle, input: FulfilInput): Promise<FulfilResult> {
  const { order } = locked;
  const method = input.method ?? order.paymentMethod;
  if (locked.refTaken) throw new PaymentRefConflictError(input.paymentRef, order.id);
  if (SETTLED_STATUSES.has(order.status)) return settledAgain(tx, order, method, input.paymentRef);
  const gift = locked.buysGift ? await boughtGiftOf(tx, order.id) : null;
  const giftCode = gift?.code ?? null;
  const result =
    order.kind === 'resale'
      ? await fulfilResaleOrder(tx, order, { ...input, method: method as PaymentMethod, giftCode })
      : await settlePrimaryOrder(tx, order, {
          method,
          paymentRef: input.paymentRef,
          now: input.now,
          acquiredWith: input.acquiredWith ?? method,
          giftCode,
          balance: input.balance ?? DEFAULT_BALANCE_TERMS,
          group: input.group ?? ALONE,
        });
  if (gift && result.outcome === 'fulfilled') await openBoughtGift(tx, gift, result.order, input.now);
  return result;
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

async function editionSerial(tx: Transaction, orderId: string): Promise<number | null> {
  const [row] = await tx.select({ serial: editions.serial }).from(editions).where(eq(editions.orderId, orderId));
  return row?.serial ?? null;
}
