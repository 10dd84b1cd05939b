import { and, eq, sql } from 'drizzle-orm';
import { readsTogether } from '../../db/batches.js';
import { perHandle } from '../../db/prepared.js';
import { inAskedOrder } from '../../db/sql-rows.js';
import { API_ERRORS } from '@stickerdrop/shared';
import type { Database, DbOrTx } from '../../db/client.js';
import { orders, packs } from '../../db/schema.js';
import { editionsLeftOf } from '../../orders/availability.js';
import { isLiveReservation, ownsEdition } from '../../sales/rules.js';
import { settlePayment, type SettleResult } from '../settle.js';
import type { BalanceTerms } from '../../balance/terms.js';

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const STARS_CURRENCY = 'XTR';

export interface PreCheckoutQuery {
  /** The invoice payload: our order id. */
  payload: string;
  payerId: number;
  currency: string;
  totalAmount: number;
  now: Date;
}

export type PreCheckoutAnswer = { ok: true } | { ok: false; error: string };

/**
 * The bot's answer to a pre_checkout_query (Telegram waits at most 10 seconds, so this is a few reads):
 * yes only for the payer's own Stars order that still holds its reservation, at the price of its invoice.
 * Read only: the reservation is what keeps the edition, and the payment itself is settled on arrival.
 */
export async function checkStarsPreCheckout(db: Database, query: PreCheckoutQuery): Promise<PreCheckoutAnswer> {
  const refuse = (error: string): PreCheckoutAnswer => ({ ok: false, error });
  if (!ORDER_ID.test(query.payload)) return refuse(API_ERRORS.orderNotFound);
  // Someone else's order is as unknown as a missing one. Read with the other pre-checkouts that arrive at once.
  const payer = await readPayerOrder(db, 0, { orderId: query.payload.toLowerCase(), userId: query.payerId });
  if (!payer) return refuse(API_ERRORS.orderNotFound);
  const { order } = payer;
  const asked = order.payment;
  if (asked.kind !== 'stars' || query.currency !== STARS_CURRENCY || query.totalAmount !== asked.stars) {
    return refuse(API_ERRORS.paymentAmountMismatch);
  }
  if (payer.owns) return refuse(API_ERRORS.alreadyOwned);
  if (!isLiveReservation(order, query.now)) {
    if (order.status !== 'reserved' && order.status !== 'expired') return refuse(API_ERRORS.orderNotPayable);
    return refuse((await editionLeftFor(db, order.packId, query.now)) ? API_ERRORS.orderExpired : API_ERRORS.soldOut);
  }
  return { ok: true };
}

async function editionLeftFor(db: Database, packId: number, now: Date): Promise<boolean> {
  const [pack] = await db
    .select({ soldCount: packs.soldCount, maxSupply: packs.maxSupply })
    .from(packs)
    .where(eq(packs.id, packId));
  if (!pack) return false;
  return (await editionsLeftOf(db, packId, now)) > 0;
}

export interface StarsPayment {
  /** `successful_payment.invoice_payload`: our order id. */
  payload: string;
  /** `telegram_payment_charge_id`: unique per payment; the refund needs it. */
  chargeId: string;
  payerId: number;
  currency: string;
  totalAmount: number;
  now: Date;
  /** PRIMARY_FEE_BPS for the creator's credit; the default when absent. */
  balance?: BalanceTerms;
}

/**
 * Settles a `successful_payment` once per charge id. The bot calls it inside the update handler, so
 * the update is confirmed to Telegram only after this committed: a crash before means Telegram delivers
 * the update again, and a second delivery finds the charge settled.
 */
export async function settleStarsPayment(db: Database, payment: StarsPayment): Promise<SettleResult> {
  return settlePayment(
    db,
    {
      method: 'stars',
      ref: payment.chargeId,
      orderId: ORDER_ID.test(payment.payload) ? payment.payload.toLowerCase() : null,
      amount: BigInt(payment.totalAmount),
      currency: payment.currency,
      details: { payerId: payment.payerId },
    },
    {
      now: payment.now,
      ...(payment.balance && { balance: payment.balance }),
      pays: (order, amount) => {
        const asked = order.payment;
        return payment.currency === STARS_CURRENCY && asked.kind === 'stars' && amount >= BigInt(asked.stars);
      },
    },
  );
}

/** The pack's title and why the payment bought nothing (settling returned the reason), for the buyer's message. */
export async function starsRefundContext(
  db: Database,
  orderId: string | null,
  reason: string,
): Promise<{ title: string | null; reason: string }> {
  if (!orderId) return { title: null, reason };
  const [pack] = await db
    .select({ title: packs.title })
    .from(orders)
    .innerJoin(packs, eq(packs.id, orders.packId))
    .where(eq(orders.id, orderId));
  return { title: pack?.title ?? null, reason };
}

/**
 * The payer's order, and whether they hold an edition of its pack (`owns_edition`), in one statement for
 * the pre-checkouts that arrive while one read runs (Telegram asks up to 40 at once); prepared. Null for
 * an order that is not the payer's.
 */
const preparedPayerOrders = perHandle((db: DbOrTx) =>
  db
    .select({ n: sql<number>`r.n`.mapWith(Number), order: orders, owns: ownsEdition(orders.userId, orders.packId) })
    .from(
      sql`unnest(${sql.placeholder('orderIds')}::uuid[], ${sql.placeholder('userIds')}::bigint[])
        with ordinality as r(order_id, user_id, n)`,
    )
    .innerJoin(orders, and(eq(orders.id, sql`r.order_id`), eq(orders.userId, sql`r.user_id`)))
    .prepare('payer_orders'),
);

const readPayerOrder = readsTogether(async (db: DbOrTx, _: 0, asks: { orderId: string; userId: number }[]) => {
  const rows = await preparedPayerOrders(db).execute({
    orderIds: asks.map((a) => a.orderId),
    userIds: asks.map((a) => a.userId),
  });
  return inAskedOrder(rows, asks.length).map((payer) => payer ?? null);
});
