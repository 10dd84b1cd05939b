import { and, eq, ne, sql } from 'drizzle-orm';
import { formatTon, type PaymentMethod } from '@stickerdrop/shared';
import type { DbOrTx, Transaction } from '../db/client.js';
import { editions, orders, packs } from '../db/schema.js';
import { enqueueOutbox, enqueueOutboxMessages, outboxMessage } from '../outbox/enqueue.js';
import { outboxKey } from '../outbox/keys.js';
import type { RefundReason } from '../db/outbox-payloads.js';
import { recordActivity } from '../resale/activity.js';
import { fulfilResaleOrder } from '../resale/settle.js';
import { supplyState } from './availability.js';
import { highestSerialSql, nextSerial } from './serials.js';
import { SETTLED_STATUSES, type OrderRecord, type OrderRow } from './order-record.js';

export interface FulfilInput {
  orderId: string;
  /** The rail's id of the payment (tx hash, Stripe session, Stars charge); `demo:<orderId>` in demo mode. */
  paymentRef: string;
  now: Date;
  /** The rail that took the money, when it is not the one the buyer chose; recorded on the order. */
  method?: PaymentMethod;
}

export type FulfilOutcome = 'fulfilled' | 'already_fulfilled' | 'refund_required';

export interface FulfilResult {
  outcome: FulfilOutcome;
  order: OrderRecord;
}

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
 * In one transaction, with the order row and then the pack row locked:
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
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order) throw new OrderNotFoundError(input.orderId);
    const method = input.method ?? order.paymentMethod;
    await assertPaymentRefFree(tx, method, input.paymentRef, order.id);

    if (SETTLED_STATUSES.has(order.status)) return settledAgain(tx, order, method, input.paymentRef);
    if (order.kind === 'resale') return fulfilResaleOrder(tx, order, { ...input, method: method as PaymentMethod });

    const [pack] = await tx.select().from(packs).where(eq(packs.id, order.packId)).for('update');
    if (!pack) throw new Error(`Pack ${order.packId} of order ${order.id} does not exist`);

    const refusal = await refusalReason(tx, order, pack, input.now);
    if (refusal) {
      const [refused] = await tx
        .update(orders)
        .set({ status: 'refund_required', paymentMethod: method, paymentRef: input.paymentRef })
        .where(eq(orders.id, order.id))
        .returning();
      await enqueueRefund(tx, refused!, pack, { method, paymentRef: input.paymentRef }, refusal);
      return { outcome: 'refund_required', order: { ...refused!, edition: null } };
    }

    const [counted] = await tx
      .update(packs)
      .set({ soldCount: sql`${packs.soldCount} + 1` })
      .where(eq(packs.id, pack.id))
      .returning({ soldCount: packs.soldCount, highestSerial: highestSerialSql });
    if (counted?.soldCount !== pack.soldCount + 1) {
      throw new Error(`Pack ${pack.id} sold count moved under its row lock`);
    }
    const serial = await nextSerial(tx, pack.id, pack.soldCount, counted.highestSerial);
    const [edition] = await tx
      .insert(editions)
      .values({
        packId: pack.id,
        serial,
        ownerId: order.userId,
        orderId: order.id,
        purchasePriceNano: order.amountNano,
        acquiredWith: method,
        acquiredAt: input.now,
      })
      .returning({ id: editions.id });
    await recordActivity(tx, {
      packId: pack.id,
      editionId: edition!.id,
      serial,
      type: 'mint',
      priceNano: order.amountNano,
      fromId: null,
      toId: order.userId,
      at: input.now,
    });
    const [paid] = await tx
      .update(orders)
      .set({ status: 'paid', paidAt: input.now, paymentMethod: method, paymentRef: input.paymentRef })
      .where(eq(orders.id, order.id))
      .returning();

    const sale = {
      orderId: order.id,
      packId: pack.id,
      title: pack.title,
      serial,
      maxSupply: pack.maxSupply,
      amount: formatTon(order.amountNano),
      buyerId: order.userId,
      creatorId: pack.creatorId,
    };
    // One statement for both messages: this runs under the pack lock every other buyer is waiting for.
    await enqueueOutboxMessages(tx, [
      outboxMessage('purchase_receipt', sale, outboxKey.purchase_receipt(order.id)),
      outboxMessage('sale_notice', sale, outboxKey.sale_notice(order.id)),
    ]);
    return { outcome: 'fulfilled', order: { ...paid!, edition: serial } };
  });
}

type PackRow = typeof packs.$inferSelect;

/** Why this order cannot have an edition now, or null when it can. */
async function refusalReason(tx: Transaction, order: OrderRow, pack: PackRow, now: Date): Promise<RefundReason | null> {
  // The order's own reservation (live or lapsed) is left out: it is the one being turned into a sale.
  const state = await supplyState(tx, { userId: order.userId, packId: pack.id, now, exceptOrderId: order.id });
  if (state.owned) return 'already_owned';
  return pack.soldCount + state.live < pack.maxSupply ? null : 'sold_out';
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
  const [pack] = await tx.select().from(packs).where(eq(packs.id, order.packId));
  await enqueueRefund(tx, order, pack!, { method, paymentRef }, 'duplicate_payment');
  return { outcome: 'refund_required', order: { ...order, edition } };
}

async function enqueueRefund(
  tx: Transaction,
  order: OrderRow,
  pack: PackRow,
  payment: { method: string; paymentRef: string },
  reason: RefundReason,
): Promise<void> {
  await enqueueOutbox(
    tx,
    'refund_required',
    {
      orderId: order.id,
      packId: pack.id,
      title: pack.title,
      amount: formatTon(order.amountNano),
      buyerId: order.userId,
      paymentMethod: payment.method,
      paymentRef: payment.paymentRef,
      reason,
    },
    outboxKey.refund_required(order.id, payment.method, payment.paymentRef),
  );
}

async function assertPaymentRefFree(tx: Transaction, method: string, paymentRef: string, orderId: string) {
  const [other] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paymentMethod, method), eq(orders.paymentRef, paymentRef), ne(orders.id, orderId)))
    .limit(1);
  if (other) throw new PaymentRefConflictError(paymentRef, orderId);
}

async function editionSerial(tx: Transaction, orderId: string): Promise<number | null> {
  const [row] = await tx.select({ serial: editions.serial }).from(editions).where(eq(editions.orderId, orderId));
  return row?.serial ?? null;
}
