import { and, eq, gt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ORDER_RESERVATION_MS, RESERVATION_ERRORS } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { orders } from '../db/schema.js';
import { DomainError } from '../errors.js';
import { queryRows } from '../db/sql-rows.js';
import { lapsedReservation, liveReservation } from '../sales/rules.js';
import { writesTogether } from '../db/batches.js';

/**
 * How long and how many unpaid reservations one account may hold. A reservation takes an edition off the
 * market until it is paid or lapses, so without these one account could squat most of a catalogue, or keep
 * a seller's listing held, for free.
 */
export interface ReservationPolicy {
  /** RESERVATIONS_MAX_OPEN: live unpaid reservations one account may hold at once. */
  maxOpen: number;
  /** DROP_RESERVATION_MINUTES: a drop's reservation is shorter than the usual 15 minutes. */
  dropMs: number;
  /** RESERVATION_COOLDOWN: `maxLapsed` reservations left unpaid within `windowMs` pause the account. */
  cooldown: { maxLapsed: number; windowMs: number };
}

/** The settings' defaults; core callers that pass no policy (tests, scripts) get these too. */
export const DEFAULT_RESERVATION_POLICY: ReservationPolicy = {
  maxOpen: 3,
  dropMs: 5 * 60_000,
  cooldown: { maxLapsed: 5, windowMs: 60 * 60_000 },
};

/** When a reservation made at `now` lapses: sooner for a pack sold as a drop. */
export function reservationEnd(now: Date, isDrop: boolean, policy: ReservationPolicy): Date {
  return new Date(now.getTime() + (isDrop ? Math.min(policy.dropMs, ORDER_RESERVATION_MS) : ORDER_RESERVATION_MS));
}

type At = Date | SQLWrapper;

/** Reservations the buyer made (from a listing or a pack) that are still live, offers accepted for them aside. */
const liveOf = (userId: number | SQLWrapper, now: At) =>
  and(eq(orders.userId, userId), liveReservation(now), sql`${orders.offerId} is null`);

/** What `assertMayReserve` decides on: the buyer's live reservations and those left unpaid lately. */
export interface ReservationStanding {
  live: number;
  lapsed: number;
  /** When the first of the lapsed ones ended (a timestamp), null when none did. */
  firstLapse: string | null;
}

/**
 * The buyer's standing at `now`, as one expression: a caller that reads other things about the buyer in
 * the same statement (the drop rules, for a burst of buyers) includes it there. Both kinds were made
 * within the cooldown window and one reservation's length, so the buyer's index covers the read.
 */
export function reservationStandingSql(
  userId: number | SQLWrapper,
  now: At,
  windowMs: number | SQLWrapper,
): SQL<ReservationStanding> {
  const lapsed = lapsedWithin(now, windowMs);
  return sql<ReservationStanding>`(select json_build_object(
      'live', count(*) filter (where ${liveOf(userId, now)}),
      'lapsed', count(*) filter (where ${lapsed}),
      'firstLapse', min(${orders.expiresAt}) filter (where ${lapsed}))
    from ${orders}
    where ${orders.userId} = ${userId}
      and ${orders.createdAt} >= ${msBefore(now, sql`${windowMs}::double precision + ${ORDER_RESERVATION_MS}`)})`;
}

/**
 * Refuses a new reservation: 429 while the account cools down from unpaid ones, 409 at RESERVATIONS_MAX_OPEN
 * live ones. Counted on the caller's snapshot: the caller either holds the buyer's lock (`lockBuyer`) or
 * confirms again once its reservation is committed (`confirmWithinOpenCap`).
 */
export async function assertMayReserve(db: DbOrTx, userId: number, now: Date, policy: ReservationPolicy) {
  const [row] = await queryRows<{ standing: ReservationStanding }>(
    db,
    sql`select ${reservationStandingSql(userId, now, policy.cooldown.windowMs)} as standing`,
  );
  assertStanding(row!.standing, now, policy);
}

/** `assertMayReserve`'s decision on a standing read already. */
export function assertStanding(standing: ReservationStanding, now: Date, policy: ReservationPolicy): void {
  if (standing.lapsed >= policy.cooldown.maxLapsed && standing.firstLapse) {
    const waitMs = new Date(standing.firstLapse).getTime() + policy.cooldown.windowMs - now.getTime();
    throw new DomainError(
      'reservation_cooldown',
      RESERVATION_ERRORS.coolingDown(Math.max(1, Math.ceil(waitMs / 60_000))),
    );
  }
  if (standing.live >= policy.maxOpen) {
    throw new DomainError('reservation_limit', RESERVATION_ERRORS.tooMany(policy.maxOpen));
  }
}

/** `ms` milliseconds before `at`, in SQL. */
const msBefore = (at: At, ms: number | SQLWrapper) =>
  sql`(${at instanceof Date ? at.toISOString() : at}::timestamptz - (${ms})::double precision * interval '1 millisecond')`;

/**
 * A reservation that ended unpaid within the cooldown window (lapsed, whether or not the sweep marked it).
 * One withdrawn the moment it was made (past the cap in a burst of buys, or its rail failed) ends where it
 * began (`withdrawnAtOnce`): its buyer never held it, and it does not count.
 */
function lapsedWithin(now: At, windowMs: number | SQLWrapper) {
  return and(
    sql`${orders.offerId} is null`,
    or(eq(orders.status, 'expired'), lapsedReservation(now)),
    gt(orders.expiresAt, msBefore(now, windowMs)),
    gt(orders.expiresAt, orders.createdAt),
  );
}

/**
 * The end a reservation withdrawn the moment it was made is given: its own start. Unqualified, for the
 * updates that set it: one names the orders table by an alias.
 */
export const withdrawnAtOnce = sql`${sql.identifier(orders.createdAt.name)}`;

/** Serializes one buyer's reservations (every pack and listing), for a count that must hold under races. */
export async function lockBuyer(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`buyer:${userId}`}, 0))`);
}

/**
 * The reservation just committed, counted with the buyer's other live ones in one statement: past
 * RESERVATIONS_MAX_OPEN it is withdrawn (expired at once; no payment details were handed out yet) and the
 * buyer gets 409. Each confirmation reads after its own reservation committed, so of two racing ones the
 * later sees the earlier: more than `maxOpen` never survive (racing ones may all be withdrawn, and the buyer
 * asks again). One statement, not a transaction holding a lock: a buy must not wait on another one's lock.
 * The confirmations arriving meanwhile share that statement (a drop's thousand would each cost a round trip).
 */
export async function confirmWithinOpenCap(
  db: DbOrTx,
  order: { id: string; userId: number },
  policy: ReservationPolicy,
  now: Date,
): Promise<void> {
  const withdrawn = await confirmTogether(db, 0, { ...order, maxOpen: policy.maxOpen, now });
  if (withdrawn) throw new DomainError('reservation_limit', RESERVATION_ERRORS.tooMany(policy.maxOpen));
}

interface OpenCapCheck {
  id: string;
  userId: number;
  maxOpen: number;
  now: Date;
}

/** Whether each reservation was withdrawn. */
const confirmTogether = writesTogether(async (db: DbOrTx, _: 0, checks: OpenCapCheck[]) => {
  const withdrawn = await queryRows<{ id: string }>(
    db,
    // The row updated is `target`, so `orders` in the count is the subquery's own (`liveOf`, as above).
    sql`update ${orders} as target set status = 'expired', expires_at = ${withdrawnAtOnce}
      from unnest(${sql.param(checks.map((c) => c.id))}::uuid[], ${sql.param(checks.map((c) => c.userId))}::bigint[],
        ${sql.param(checks.map((c) => c.maxOpen))}::integer[],
        ${sql.param(checks.map((c) => c.now.toISOString()))}::timestamptz[]) as c(id, user_id, max_open, now)
      where target.id = c.id and target.status = 'reserved'
        and (select count(*) from ${orders} where ${liveOf(sql`c.user_id`, sql`c.now`)}) > c.max_open
      returning target.id`,
  );
  const gone = new Set(withdrawn.map((row) => row.id));
  return checks.map((check) => gone.has(check.id));
});
