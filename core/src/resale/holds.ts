import { and, eq, gt, sql, type SQLWrapper } from 'drizzle-orm';
import { GIFT_ERRORS } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { editions, gifts, orders } from '../db/schema.js';
import { DomainError } from '../errors.js';
import { liveReservation, liveReservationOf } from '../sales/rules.js';
import { listings, type ListingRow } from './tables.js';

/**
 * Locks and holds. Every write path locks the edition row first and then its listing row (listing,
 * repricing, delisting, reserving, settling), so two of them can never wait on each other in a cycle;
 * whoever holds the edition's lock sees the listing and its live reservation as they are.
 */

export async function lockEdition(tx: DbOrTx, editionId: number) {
  const [edition] = await tx.select().from(editions).where(eq(editions.id, editionId)).for('update');
  return edition;
}

export async function lockActiveListing(tx: DbOrTx, editionId: number): Promise<ListingRow | undefined> {
  const [listing] = await tx
    .select()
    .from(listings)
    .where(and(eq(listings.editionId, editionId), eq(listings.status, 'active')))
    .for('update');
  return listing;
}

/**
 * The order holding the edition at `now` (an unpaid resale order before its end, bought from a listing or
 * made by accepting an offer), other than `exceptOrderId`.
 */
export async function liveHolder(tx: DbOrTx, editionId: number, now: Date, exceptOrderId?: string) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.editionId, editionId),
        liveReservation(now),
        exceptOrderId ? sql`${orders.id} <> ${exceptOrderId}` : undefined,
      ),
    )
    .limit(1);
  return order;
}

/** SQL: the listing aliased `alias` is active and no live reservation holds its edition. */
export function buyableSql(alias: string, now: Date | SQLWrapper) {
  const l = sql.raw(alias);
  return sql`${l}.status = 'active' and not exists (select 1 from orders ho where ho.edition_id = ${l}.edition_id
    and ${liveReservationOf('ho', now)})`;
}

/**
 * A pending gift holds its edition as a reservation does: it cannot be listed, sold, offered on or gifted
 * again until it is claimed, cancelled or has expired. Ask with the edition's row lock held.
 */
export async function giftPending(tx: DbOrTx, editionId: number, now: Date): Promise<boolean> {
  const [gift] = await tx
    .select({ id: gifts.id })
    .from(gifts)
    .where(and(eq(gifts.editionId, editionId), eq(gifts.status, 'pending'), gt(gifts.expiresAt, now)))
    .limit(1);
  return gift !== undefined;
}

/** The same, as the 409 every path that would list, sell, offer on or gift the edition answers. */
export async function assertNotGiftPending(tx: DbOrTx, editionId: number, now: Date): Promise<void> {
  if (await giftPending(tx, editionId, now)) throw new DomainError('gift_pending', GIFT_ERRORS.pending);
}
