import { isDeepStrictEqual } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { API_ERRORS, MESSAGES, type PaymentMethod } from '@stickerdrop/shared';
import type { Database, DbOrTx } from '../db/client.js';
import { orders } from '../db/schema.js';
import { DomainError } from '../errors.js';
import { checkBeforeReserving, confirmWithinPerUserLimit } from '../drops/reserve-rules.js';
import { writesTogether } from '../db/batches.js';
import { perHandle } from '../db/prepared.js';
import { orderColumnsOf, type OrderRecord, type OrderRow } from '../db/order-record.js';
import type { PaymentRail } from '../sales/payment-methods.js';
import { recordBoughtGift } from '../sales/bought-gift.js';
import {
  DEFAULT_RESERVATION_POLICY,
  assertStanding,
  confirmWithinOpenCap,
  reservationEnd,
  withdrawnAtOnce,
  type ReservationPolicy,
} from '../reservations/policy.js';

export interface BuyInput {
  userId: number;
  packId: number;
  /** What the buyer chose; recorded on the order even when another rail (demo) takes the payment. */
  paymentMethod: PaymentMethod;
  /**
   * The rail that takes a payment for a method, refusing one that is not offered: asked for the chosen
   * method before anything is reserved, and for the method of a live reservation the buyer made earlier.
   */
  railFor: (method: PaymentMethod) => PaymentRail;
  /** RESERVATIONS_MAX_OPEN and the rest; the settings' defaults when absent. */
  reservations?: ReservationPolicy;
  /** Bought as a gift (GIFT_CLAIM_DAYS to claim it once paid); absent for the buyer's own edition. */
  gift?: { claimDays: number };
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
  const rail = input.railFor(input.paymentMethod);
  const reserved = await reserveEdition(db, input);
  if (input.gift) await recordBoughtGift(db, reserved.order, { claimDays: input.gift.claimDays, now: input.now });
  if (!reserved.created) return completePayment(db, reserved.order, input, rail);
  const order = reserved.order;
  try {
    const payment = await rail.createPayment(order);
    // The demo rail answers the column's placeholder: nothing to write.
    if (!isDeepStrictEqual(payment, order.payment)) await savePaymentDetails(db, 0, { orderId: order.id, payment });
    return { order: { ...order, payment }, created: true };
  } catch (error) {
    await db
      .update(orders)
      .set({ status: 'expired', expiresAt: withdrawnAtOnce })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'reserved')));
    throw error;
  }
}

/**
 * What the rail answered, on the new order: a drop's buys save theirs at once, and those saved while one
 * statement runs go together in the next.
 */
const savePaymentDetails = writesTogether(
  async (db: DbOrTx, _: 0, saves: { orderId: string; payment: OrderRow['payment'] }[]) => {
    await db.execute(sql`update ${orders} set payment = s.payment
      from unnest(${sql.param(saves.map((s) => s.orderId))}::uuid[],
        ${sql.param(saves.map((s) => JSON.stringify(s.payment)))}::jsonb[]) as s(id, payment)
      where ${orders.id} = s.id`);
    return saves.map(() => undefined);
  },
);

/**
 * The buyer's live reservation, with its payment details. A process that died between committing the
 * reservation and saving what the rail answered left the column's placeholder (`{ kind: 'demo' }`) on a
 * real rail: the rail is asked again. That is safe: Stripe answers a repeated create with the same
 * session (idempotency key `checkout:<orderId>`, same parameters); another Stars invoice link carries
 * the same order id. A failure here leaves the reservation live for the next retry.
 */
async function completePayment(
  db: Database,
  order: OrderRecord,
  input: BuyInput,
  chosen: PaymentRail,
): Promise<BuyResult> {
  // Only the placeholder can be missing details; the rail is resolved (and may refuse) only then.
  if (order.payment.kind !== 'demo') return { order, created: false };
  const method = order.paymentMethod as PaymentMethod;
  const rail = method === input.paymentMethod ? chosen : input.railFor(method);
  if (rail.method === 'demo') return { order, created: false };
  const payment = await rail.createPayment(order);
  await db
    .update(orders)
    .set({ payment })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'reserved')));
  return { order: { ...order, payment }, created: false };
}

/**
 * The reservation itself: 404 for an unknown pack, 409 before a scheduled drop opens, 409 when the buyer
 * owns an edition already, the buyer's live reservation when there is one, 409 past the pack's per-collector
 * cap, 409 when editions sold plus live reservations leave none; otherwise a new order at the pack's current
 * price, under the pack's supply lock.
 *
 * The rules are the database function `reserve_edition` (migrations 0007, 0014): in a drop every buyer of
 * the pack waits for that lock, so it is held for the database's work only, never across a round trip to
 * this process; payments of live reservations do not take it (they leave sold plus live as it was). It
 * checks on a plain snapshot first, so a buyer it refuses (most of a drop) never queues for the lock.
 * Reservations of one pack that arrive together are made in one transaction (group commit).
 */
export async function reserveEdition(db: DbOrTx, input: Omit<BuyInput, 'railFor'>): Promise<BuyResult> {
  const policy = input.reservations ?? DEFAULT_RESERVATION_POLICY;
  // Fair drops (drops/reserve-rules.ts): refused before the supply lock, the reservation confirmed after it.
  const rules = await checkBeforeReserving(db, { ...input, windowMs: policy.cooldown.windowMs });
  // The buyer's own live reservation of the pack comes back whatever the limits on new ones.
  if (!rules.hasLive) assertStanding(rules.standing, input.now, policy);
  // Most of a drop: refused on that snapshot, without queueing for the reservation's own check.
  if (rules.soldOut) throw new DomainError('sold_out', API_ERRORS.soldOut);
  const result = await reserveUnderSupplyLock(db, input, reservationEnd(input.now, rules.isDrop, policy));
  await confirmWithinPerUserLimit(db, result.order, rules, input.now);
  if (result.created) await confirmWithinOpenCap(db, result.order, policy, input.now);
  return result;
}

async function reserveUnderSupplyLock(
  db: DbOrTx,
  input: Omit<BuyInput, 'railFor'>,
  expiresAt: Date,
): Promise<BuyResult> {
  const { packId, userId, paymentMethod, now } = input;
  const request: ReserveRequest = { userId, paymentMethod, now, expiresAt };
  const row = await reserveOne(db, packId, request);
  const outcome = row.outcome;
  switch (outcome) {
    case 'created':
    case 'existing':
      return { order: { ...row.order, edition: null }, created: outcome === 'created' };
    case 'not_found':
      throw new DomainError('not_found', MESSAGES.packNotFound);
    case 'already_owned':
      throw new DomainError('already_owned', API_ERRORS.alreadyOwned);
    case 'sold_out':
      throw new DomainError('sold_out', API_ERRORS.soldOut);
    default:
      throw new Error(`reserve_edition failed: ${outcome}`);
  }
}

interface ReserveRequest {
  userId: number;
  paymentMethod: PaymentMethod;
  now: Date;
  expiresAt: Date;
}

interface ReserveAnswer {
  outcome: 'created' | 'existing' | 'not_found' | 'already_owned' | 'sold_out' | `error: ${string}`;
  order: OrderRow;
}

/** One reservation, made with the others of the pack that arrive meanwhile (db/batches.ts). */
const reserveOne = writesTogether(reserveTogether);

async function reserveTogether(db: DbOrTx, packId: number, requests: ReserveRequest[]): Promise<ReserveAnswer[]> {
  const rows = await preparedReserveBatch(db).execute({
    packId,
    userIds: requests.map((r) => r.userId),
    methods: requests.map((r) => r.paymentMethod),
    nows: requests.map((r) => r.now.toISOString()),
    expiries: requests.map((r) => r.expiresAt.toISOString()),
  });
  return rows as ReserveAnswer[];
}

/** Prepared (db/prepared.ts): a drop calls it hundreds of times, each a batch of arrays bound as parameters. */
const preparedReserveBatch = perHandle((db: DbOrTx) =>
  db
    .select({ outcome: sql<ReserveAnswer['outcome']>`r.outcome`, order: orderColumnsOf(sql`r.reserved`) })
    .from(
      sql`reserve_editions(${sql.placeholder('packId')}::integer, ${sql.placeholder('userIds')}::bigint[],
        ${sql.placeholder('methods')}::text[], ${sql.placeholder('nows')}::timestamptz[],
        ${sql.placeholder('expiries')}::timestamptz[]) as r`,
    )
    .prepare('reserve_editions'),
);
