import { and, eq } from 'drizzle-orm';
import { API_ERRORS, MESSAGES, ORDER_RESERVATION_MS, type PaymentMethod } from '@stickerdrop/shared';
import type { Database, DbOrTx } from '../db/client.js';
import { orders, packs } from '../db/schema.js';
import { DomainError } from '../errors.js';
import { supplyState } from './availability.js';
import type { OrderRecord } from './order-record.js';
import type { PaymentRail } from './payment-rails.js';

export interface BuyInput {
  userId: number;
  packId: number;
  /** What the buyer chose; recorded on the order even when another rail (demo) takes the payment. */
  paymentMethod: PaymentMethod;
  rail: PaymentRail;
  /** The rail of another method, for a live reservation the buyer made with that method. */
  railFor?: (method: PaymentMethod) => PaymentRail;
  now: Date;
}

export interface BuyResult {
  order: OrderRecord;
  /** False when the buyer's live reservation for this pack was returned instead of a new one. */
  created: boolean;
}

/**
 * Reserves one edition for the buyer and asks the rail how to pay for it. If the rail fails, the
 * reservation is released at once (marked expired, so a payment that still arrives is settled by the
 * late-payment rule rather than lost).
 */
export async function buyPack(db: Database, input: BuyInput): Promise<BuyResult> {
  const reserved = await reserveEdition(db, input);
  if (!reserved.created) return completePayment(db, reserved.order, input);
  const order = reserved.order;
  try {
    const payment = await input.rail.createPayment(order);
    await db.update(orders).set({ payment }).where(eq(orders.id, order.id));
    return { order: { ...order, payment }, created: true };
  } catch (error) {
    await db
      .update(orders)
      .set({ status: 'expired', expiresAt: input.now })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'reserved')));
    throw error;
  }
}

/**
 * The buyer's live reservation, with its payment details. A process that died between committing the
 * reservation and saving what the rail answered left the column's placeholder (`{ kind: 'demo' }`) on a
 * real rail: the rail is asked again. That is safe: Stripe answers a repeated create with the same
 * session (idempotency key `checkout:<orderId>`, same parameters); another Stars invoice link carries
 * the same order id. A failure here leaves the reservation live for the next retry.
 */
async function completePayment(db: Database, order: OrderRecord, input: BuyInput): Promise<BuyResult> {
  // Only the placeholder can be missing details; the rail is resolved (and may refuse) only then.
  if (order.payment.kind !== 'demo') return { order, created: false };
  const method = order.paymentMethod as PaymentMethod;
  const rail = method === input.paymentMethod ? input.rail : input.railFor?.(method);
  if (!rail || rail.method === 'demo') return { order, created: false };
  const payment = await rail.createPayment(order);
  await db
    .update(orders)
    .set({ payment })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'reserved')));
  return { order: { ...order, payment }, created: false };
}

/**
 * The reservation itself: 404 for an unknown pack, 409 when the buyer owns an edition already, the buyer's
 * live reservation when there is one, 409 when editions sold plus live reservations leave none; otherwise
 * a new order at the pack's current price, in one transaction under the pack's row lock.
 *
 * The same checks run first on a plain snapshot, without the lock: a refusal or the buyer's own order read
 * there is a true answer at that moment of the request, and in a drop most buyers get one, so they never
 * queue behind the lock. Only a buyer who may get an edition takes the lock and is checked again.
 */
export async function reserveEdition(db: Database, input: Omit<BuyInput, 'rail'>): Promise<BuyResult> {
  const early = await decide(db, input, false);
  if ('order' in early) return early;
  return db.transaction(async (tx) => {
    const decision = await decide(tx, input, true);
    if ('order' in decision) return decision;
    const { userId, packId, paymentMethod, now } = input;
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        packId,
        paymentMethod,
        amountNano: decision.priceNano,
        expiresAt: new Date(now.getTime() + ORDER_RESERVATION_MS),
        createdAt: now,
      })
      .returning();
    return { order: { ...order!, edition: null }, created: true };
  });
}

/** The buyer's existing order, a thrown refusal, or the price to reserve at (with the pack locked when `lock`). */
async function decide(
  tx: DbOrTx,
  input: Omit<BuyInput, 'rail'>,
  lock: boolean,
): Promise<BuyResult | { priceNano: bigint }> {
  const { userId, packId, now } = input;
  const query = tx
    .select({ priceNano: packs.priceNano, maxSupply: packs.maxSupply, soldCount: packs.soldCount })
    .from(packs)
    .where(eq(packs.id, packId));
  const [pack] = lock ? await query.for('update') : await query;
  if (!pack) throw new DomainError('not_found', MESSAGES.packNotFound);
  const state = await supplyState(tx, { userId, packId, now });
  if (state.owned) throw new DomainError('already_owned', API_ERRORS.alreadyOwned);
  if (state.liveOrderId) {
    const [existing] = await tx.select().from(orders).where(eq(orders.id, state.liveOrderId));
    if (existing) return { order: { ...existing, edition: null }, created: false };
  }
  if (pack.soldCount + state.live >= pack.maxSupply) throw new DomainError('sold_out', API_ERRORS.soldOut);
  return { priceNano: pack.priceNano };
}
