import { eq, sql } from 'drizzle-orm';
import type { PaymentMethod } from '@stickerdrop/shared';
import { DEFAULT_BALANCE_TERMS } from '../balance/terms.js';
import type { DbOrTx, Transaction } from '../db/client.js';
import { ALONE } from '../db/group-commit.js';
import { editions, orders, packs } from '../db/schema.js';
import { queryRows } from '../db/sql-rows.js';
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
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order) throw new OrderNotFoundError(input.orderId);
    return settleOrder(tx, order, input);
  });
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
export async function settleOrder(tx: Transaction, order: OrderRow, input: FulfilInput): Promise<FulfilResult> {
  const method = input.method ?? order.paymentMethod;
  await assertPaymentRefFree(tx, method, input.paymentRef, order.id);
  if (SETTLED_STATUSES.has(order.status)) return settledAgain(tx, order, method, input.paymentRef);
  const gift = await boughtGiftOf(tx, order.id);
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
