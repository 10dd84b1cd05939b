import { eq } from 'drizzle-orm';
import { MESSAGES, RESALE_ERRORS, formatTon, parsePrice, type Listing } from '@stickerdrop/shared';
import type { Database, DbOrTx } from '../db/client.js';
import { users } from '../db/schema.js';
import { DomainError } from '../errors.js';
import { recordActivity } from './activity.js';
import { assertNotGiftPending, liveHolder, lockActiveListing, lockEdition } from './holds.js';
import { assertResellable } from './stars-lock.js';
import { listings, type ListingRow } from './tables.js';
import { assertPackListed } from '../sales/listed.js';

export interface ListInput {
  userId: number;
  editionId: number;
  price: string;
  now: Date;
  /** STARS_RESALE_LOCK_DAYS: an edition paid in Stars is listed only this long after its purchase. */
  starsLockDays: number;
}

/**
 * Puts an edition on sale, or changes the price of its listing (created false). Checked in the contract's
 * order: 404 unknown edition, 403 not the owner, 400 bad price (a pack's price rules), 409 no linked wallet
 * (the seller's share is paid straight to it), 409 while a buyer holds the listing. Before all but the
 * first two, 409 while it waits to be claimed as a gift or the Stars lock holds it.
 */
export async function listEdition(db: Database, input: ListInput): Promise<{ listing: Listing; created: boolean }> {
  return db.transaction(async (tx) => {
    const edition = await ownedEdition(tx, input.userId, input.editionId);
    await assertPackListed(tx, edition.packId);
    await assertNotGiftPending(tx, edition.id, input.now);
    assertResellable(edition, input.now, input.starsLockDays);
    const priceNano = parsePrice(input.price);
    if (priceNano === null) throw new DomainError('invalid_price', MESSAGES.priceInvalid);
    const [seller] = await tx.select({ wallet: users.walletAddress }).from(users).where(eq(users.id, input.userId));
    if (!seller?.wallet) throw new DomainError('wallet_required', RESALE_ERRORS.walletRequired);

    const entry = { packId: edition.packId, editionId: edition.id, serial: edition.serial, at: input.now };
    const existing = await lockActiveListing(tx, edition.id);
    if (existing) {
      if (await liveHolder(tx, edition.id, input.now)) throw new DomainError('edition_held', RESALE_ERRORS.beingBought);
      const [updated] = await tx
        .update(listings)
        .set({ priceNano, updatedAt: input.now })
        .where(eq(listings.id, existing.id))
        .returning();
      await recordActivity(tx, { ...entry, type: 'reprice', priceNano, fromId: input.userId, toId: null });
      return { listing: toListing(updated!, edition.serial), created: false };
    }
    const [created] = await tx
      .insert(listings)
      .values({
        editionId: edition.id,
        packId: edition.packId,
        sellerId: input.userId,
        priceNano,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    await recordActivity(tx, { ...entry, type: 'list', priceNano, fromId: input.userId, toId: null });
    return { listing: toListing(created!, edition.serial), created: true };
  });
}

/**
 * Takes an edition off sale: 404 unknown edition, 403 not the owner, 404 not listed, 409 while a buyer's
 * live reservation holds it. The hold is never released early: the buyer's signed transfer pays the seller
 * directly until it expires, so a delisted edition could leave the seller with both the money and the
 * edition. Squatting is answered by the reservation caps instead.
 */
export async function delistEdition(db: Database, input: Omit<ListInput, 'price' | 'starsLockDays'>): Promise<void> {
  await db.transaction(async (tx) => {
    const edition = await ownedEdition(tx, input.userId, input.editionId);
    const listing = await lockActiveListing(tx, edition.id);
    if (!listing) throw new DomainError('not_found', RESALE_ERRORS.notListed);
    if (await liveHolder(tx, edition.id, input.now)) throw new DomainError('edition_held', RESALE_ERRORS.beingBought);
    await tx
      .update(listings)
      .set({ status: 'cancelled', closedAt: input.now, updatedAt: input.now })
      .where(eq(listings.id, listing.id));
    await recordActivity(tx, {
      packId: edition.packId,
      editionId: edition.id,
      serial: edition.serial,
      type: 'delist',
      priceNano: listing.priceNano,
      fromId: input.userId,
      toId: null,
      at: input.now,
    });
  });
}

async function ownedEdition(tx: DbOrTx, userId: number, editionId: number) {
  const edition = await lockEdition(tx, editionId);
  if (!edition) throw new DomainError('not_found', RESALE_ERRORS.editionNotFound);
  if (edition.ownerId !== userId) throw new DomainError('forbidden', RESALE_ERRORS.notOwner);
  return edition;
}

export function toListing(row: ListingRow, serial: number): Listing {
  return {
    id: row.id,
    editionId: row.editionId,
    serial,
    packId: row.packId,
    price: formatTon(row.priceNano),
    sellerId: row.sellerId,
    createdAt: row.createdAt.toISOString(),
  };
}
