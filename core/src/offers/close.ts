import { and, eq, lte } from 'drizzle-orm';
import { OFFER_ERRORS, RESALE_ERRORS } from '@stickerdrop/shared';
import type { Database, DbOrTx } from '../db/client.js';
import { editions } from '../db/schema.js';
import { DomainError } from '../errors.js';
import { holdsEditionOf } from '../resale/move-edition.js';
import { enqueueBidderNotice } from './notify.js';
import { offers, type OfferRow } from './tables.js';

interface CloseInput {
  userId: number;
  offerId: number;
  now: Date;
}

/**
 * The owner says no: for an edition offer its owner, for a pack-wide offer any holder of the pack (the
 * offer closes for all of them). Refused as not found, forbidden (not the owner) or offer closed. The bidder
 * is told.
 */
export async function declineOffer(db: Database, input: CloseInput): Promise<void> {
  await db.transaction(async (tx) => {
    const offer = await lockOffer(tx, input.offerId);
    if (!(await mayAnswer(tx, offer, input.userId))) throw new DomainError('forbidden', RESALE_ERRORS.notOwner);
    assertOpen(offer, input.now);
    const closed = await close(tx, offer.id, 'declined', input.now);
    await enqueueBidderNotice(tx, closed, { kind: 'declined' });
  });
}

/** The bidder takes their offer back: refused as not found, forbidden (someone else's) or offer closed. */
export async function withdrawOffer(db: Database, input: CloseInput): Promise<void> {
  await db.transaction(async (tx) => {
    const offer = await lockOffer(tx, input.offerId);
    if (offer.bidderId !== input.userId) throw new DomainError('forbidden', OFFER_ERRORS.notBidder);
    assertOpen(offer, input.now);
    await close(tx, offer.id, 'withdrawn', input.now);
  });
}

/**
 * Marks open offers past their time as expired and tells each bidder, one offer per transaction. Rows
 * an accept holds locked right now are skipped (it will find the offer past its time itself and refuse);
 * the next sweep catches anything left. Returns how many it expired.
 */
/** Offers one sweep closes at most; a full batch asks for the next pass at once. */
export const EXPIRY_BATCH = 500;

export async function expireOffers(db: Database, now: Date, limit = EXPIRY_BATCH): Promise<number> {
  const due = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.status, 'open'), lte(offers.expiresAt, now)))
    .limit(limit);
  let expired = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [offer] = await tx
        .select()
        .from(offers)
        .where(and(eq(offers.id, id), eq(offers.status, 'open'), lte(offers.expiresAt, now)))
        .for('update', { skipLocked: true });
      if (!offer) return false;
      const closed = await close(tx, offer.id, 'expired', now);
      await enqueueBidderNotice(tx, closed, { kind: 'expired' });
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}

async function lockOffer(tx: DbOrTx, offerId: number): Promise<OfferRow> {
  const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId)).for('update');
  if (!offer) throw new DomainError('not_found', OFFER_ERRORS.notFound);
  return offer;
}

function assertOpen(offer: OfferRow, now: Date): void {
  if (offer.status !== 'open' || offer.expiresAt.getTime() <= now.getTime())
    throw new DomainError('offer_closed', OFFER_ERRORS.noLongerOpen);
}

/** The edition's owner, or for a pack-wide offer a holder of the pack other than the bidder. */
async function mayAnswer(tx: DbOrTx, offer: OfferRow, userId: number): Promise<boolean> {
  if (offer.bidderId === userId && offer.editionId === null) return false;
  if (offer.editionId === null) return holdsEditionOf(tx, userId, offer.packId);
  const [edition] = await tx
    .select({ ownerId: editions.ownerId })
    .from(editions)
    .where(eq(editions.id, offer.editionId));
  return edition?.ownerId === userId;
}

async function close(tx: DbOrTx, offerId: number, status: 'declined' | 'withdrawn' | 'expired', now: Date) {
  const [closed] = await tx
    .update(offers)
    .set({ status, closedAt: now, updatedAt: now })
    .where(eq(offers.id, offerId))
    .returning();
  return closed!;
}
