import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { DROP_ERRORS } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { DomainError } from '../errors.js';
import { queryRows } from '../db/sql-rows.js';
import { liveReservationOf } from '../sales/rules.js';

/**
 * The two buying rules of a fair drop, as small functions the buying paths (primary reserve, resale
 * buy, an accepted offer) call in their own transaction.
 */

/** Before a scheduled drop opens nothing is sold: 409 naming the time, in UTC. */
export function assertDropOpen(pack: { dropsAt: Date | null }, now: Date): void {
  if (pack.dropsAt && pack.dropsAt.getTime() > now.getTime())
    throw new DomainError('drop_not_open', DROP_ERRORS.notOpenYet(pack.dropsAt));
}

/**
 * Serialises one collector's buys of one pack (primary, resale, accepted offers) until the transaction
 * ends: the count in assertWithinPerUserLimit is then the truth, however many requests they fire at once.
 * Reentrant, so calling it twice in a transaction is harmless.
 */
export async function lockCollectorOfPack(tx: DbOrTx, userId: number, packId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`collector:${packId}:${userId}`}, 0))`);
}

/** Editions the collector owns plus their open reservations (primary and resale) of the pack. */
export async function heldOrReserved(tx: DbOrTx, userId: number, packId: number, now: Date): Promise<number> {
  const [row] = await queryRows<{ held: string }>(
    tx,
    sql`select ${heldOrReservedSql(userId, packId, now)}::text as held`,
  );
  return Number(row?.held ?? 0);
}

/** The count of `heldOrReserved` as an expression, for a caller that needs it in the same snapshot. */
export function heldOrReservedSql(
  userId: number | SQLWrapper,
  packId: number | SQLWrapper,
  now: Date | SQLWrapper,
): SQL {
  return sql`((select count(*) from editions e where e.owner_id = ${userId} and e.pack_id = ${packId})
    + (select count(*) from orders o where o.user_id = ${userId} and o.pack_id = ${packId}
        and ${liveReservationOf('o', now)}))`;
}

export interface PerUserLimitInput {
  userId: number;
  packId: number;
  now: Date;
  /** The pack's cap when the caller read it already; omitted, it is read here. */
  maxPerUser?: number | null;
  /**
   * Editions this purchase adds that `heldOrReserved` cannot see yet: 1 when checking before writing the
   * reservation, 0 (the default) when the reservation is already written in this transaction.
   */
  adding?: 0 | 1;
  /** False for a first look on a plain snapshot, outside any transaction (its refusal is still true). */
  lock?: boolean;
}

/**
 * One collector holds at most the pack's `maxPerUser` editions, reservations included; past it, 409.
 * Call it inside the transaction that writes the reservation (offers: the one that accepts), after the
 * row locks that transaction takes on the pack or edition: it takes the collector's lock (above) and
 * counts. No cap, no query (beyond reading the cap when not given).
 */
export async function assertWithinPerUserLimit(tx: DbOrTx, input: PerUserLimitInput): Promise<void> {
  const { userId, packId, now, adding = 0, lock = true } = input;
  const max = input.maxPerUser !== undefined ? input.maxPerUser : await maxPerUserOf(tx, packId);
  if (max === null) return;
  if (lock) await lockCollectorOfPack(tx, userId, packId);
  if ((await heldOrReserved(tx, userId, packId, now)) + adding > max)
    throw new DomainError('per_user_limit', DROP_ERRORS.perUserLimit);
}

async function maxPerUserOf(tx: DbOrTx, packId: number): Promise<number | null> {
  const [row] = await queryRows<{ max_per_user: number | null }>(
    tx,
    sql`select max_per_user from packs where id = ${packId}`,
  );
  return row?.max_per_user ?? null;
}
