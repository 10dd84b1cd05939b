import { and, eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { DROP_ERRORS, OPS_ERRORS } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { orders, packs } from '../db/schema.js';
import { perHandle } from '../db/prepared.js';
import { inAskedOrder } from '../db/sql-rows.js';
import { readsTogether } from '../db/batches.js';
import { DomainError } from '../errors.js';
import { editionsLeft, liveReservationOf, ownsEdition } from '../sales/rules.js';
import { reservationStandingSql, type ReservationStanding } from '../reservations/policy.js';
import {
  assertDropOpen,
  assertWithinPerUserLimit,
  heldOrReserved,
  heldOrReservedSql,
  lockCollectorOfPack,
} from './rules.js';

/**
 * Fair drops around a primary reservation, kept outside `reserve_edition` (the pack-locked database
 * function) so that lock stays as short as it is: the pack's rules are read on a plain snapshot first,
 * and a new reservation is confirmed against the per-collector cap just after it is committed.
 */

export interface PackDropRules {
  maxPerUser: number | null;
  /** The pack is sold as a scheduled drop: its reservations are shorter. */
  isDrop: boolean;
  /** The buyer holds a live primary reservation of the pack, which the reservation gives back. */
  hasLive: boolean;
  /** The buyer's reservations everywhere (reservations/policy.ts), read in the same statement. */
  standing: ReservationStanding;
  /**
   * Sold plus live reservations leave none, on this snapshot, for a buyer with no live reservation of the
   * pack and no edition: the reservation would refuse them too, so they need not queue for it.
   */
  soldOut: boolean;
}

interface Buyer {
  userId: number;
  now: Date;
  /** The reservation cooldown's window (RESERVATION_COOLDOWN). */
  windowMs: number;
}

/**
 * The pack's editions left, counted once for the batch at its latest moment (its arguments are the
 * statement's parameters, so Postgres counts once): there are no more live reservations then than at any
 * buyer's own moment, so sold out then is sold out for each of them.
 */
const latestNow = sql`(select max(t) from unnest(${sql.placeholder('nows')}::timestamptz[]) t)`;

/**
 * The pack's drop rules and each buyer's standing, in one statement: one snapshot per buyer, since read
 * apart, a collector's own racing reservation could commit between "no live reservation" and the count,
 * and refuse the buy it should be given back. For any number of buyers (arrays bound as parameters): a
 * drop sends thousands of buys at one pack, and those that arrive together are read together. The pack's
 * columns are null for an unknown pack; the buyer's standing is read all the same.
 */
const preparedDropRules = perHandle((db: DbOrTx) =>
  db
    .select({
      n: sql<number>`b.n`.mapWith(Number),
      dropsAt: packs.dropsAt,
      listed: sql<boolean>`${packs.status} = 'listed'`,
      maxPerUser: packs.maxPerUser,
      owns: ownsEdition(sql`b.user_id`, packs.id),
      hasLive: sql<boolean>`exists (select 1 from orders o where o.user_id = b.user_id and o.pack_id = ${packs.id}
        and o.kind = 'primary' and ${liveReservationOf('o', sql`b.now`)})`,
      held: sql<string>`(case when ${packs.maxPerUser} is null then 0
        else ${heldOrReservedSql(sql`b.user_id`, packs.id, sql`b.now`)} end)::text`,
      packFound: sql<boolean>`${packs.id} is not null`,
      soldOut: sql<boolean>`${editionsLeft(sql.placeholder('packId'), latestNow)} <= 0`,
      standing: reservationStandingSql(sql`b.user_id`, sql`b.now`, sql`b.window_ms`),
    })
    .from(
      sql`unnest(${sql.placeholder('userIds')}::bigint[], ${sql.placeholder('nows')}::timestamptz[],
        ${sql.placeholder('windows')}::double precision[]) with ordinality as b(user_id, now, window_ms, n)`,
    )
    .leftJoin(packs, eq(packs.id, sql.placeholder('packId')))
    .prepare('drop_rules'),
);

async function dropRulesOf(db: DbOrTx, packId: number, buyers: Buyer[]) {
  const rows = await preparedDropRules(db).execute({
    packId,
    userIds: buyers.map((b) => b.userId),
    nows: buyers.map((b) => b.now.toISOString()),
    windows: buyers.map((b) => b.windowMs),
  });
  return inAskedOrder(rows, buyers.length);
}

/** The rules for one buyer, read with the others of the pack that arrive meanwhile (db/batches.ts). */
const readDropRules = readsTogether(dropRulesOf);

/**
 * One snapshot read, no lock: 409 before the drop opens, and 409 for a collector already at the cap
 * (unless they hold a live primary reservation of the pack, which the reservation gives back, or own an
 * edition, which the reservation refuses in its own words). A refusal
 * here is true at that moment; an unknown pack is left to the reservation's own 404. The buyer's standing
 * comes back for the caller's own limits.
 */
export async function checkBeforeReserving(
  db: DbOrTx,
  input: { userId: number; packId: number; now: Date; windowMs: number },
): Promise<PackDropRules> {
  const { userId, packId, now, windowMs } = input;
  const pack = (await readDropRules(db, packId, { userId, now, windowMs }))!;
  const standing = pack.standing;
  if (!pack.packFound) return { maxPerUser: null, isDrop: false, hasLive: false, standing, soldOut: false };
  // Taking a pack down releases its reservations in the same transaction that removes it.
  if (!pack.listed) throw new DomainError('not_for_sale', OPS_ERRORS.packRemoved);
  assertDropOpen({ dropsAt: pack.dropsAt }, now);
  const maxPerUser = pack.maxPerUser;
  // An owner is refused by the reservation's own rule (one primary edition each), which answers first.
  const mayReserve = !pack.hasLive && !pack.owns;
  if (maxPerUser !== null && mayReserve && Number(pack.held) >= maxPerUser) {
    throw new DomainError('per_user_limit', DROP_ERRORS.perUserLimit);
  }
  const soldOut = mayReserve && pack.soldOut;
  return { maxPerUser, isDrop: pack.dropsAt !== null, hasLive: pack.hasLive, standing, soldOut };
}

/**
 * The reservation just made or given back, now committed, counted under the collector's lock with
 * everything else they hold or reserve: past the cap it is withdrawn (marked expired at once: no payment
 * details were handed out yet) and the buyer gets 409. Whichever of one collector's racing buys confirms
 * last is the one withdrawn, so exactly `maxPerUser` survive; a buy that was given back a reservation
 * another request withdrew meanwhile gets the same 409. Inside a caller's transaction the check simply
 * throws and the caller's rollback withdraws it.
 */
export async function confirmWithinPerUserLimit(
  db: DbOrTx,
  order: { id: string; userId: number; packId: number },
  rules: PackDropRules,
  now: Date,
): Promise<void> {
  if (rules.maxPerUser === null) return;
  const check = { userId: order.userId, packId: order.packId, now, maxPerUser: rules.maxPerUser };
  if (db instanceof PgTransaction) return assertWithinPerUserLimit(db, check);
  const kept = await db.transaction(async (tx) => {
    await lockCollectorOfPack(tx, order.userId, order.packId);
    const [current] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    if (current?.status !== 'reserved') return false;
    if ((await heldOrReserved(tx, order.userId, order.packId, now)) <= rules.maxPerUser!) return true;
    await tx
      .update(orders)
      .set({ status: 'expired', expiresAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'reserved')));
    return false;
  });
  if (!kept) throw new DomainError('per_user_limit', DROP_ERRORS.perUserLimit);
}
