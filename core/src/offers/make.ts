import { and, count, eq, gt, isNull } from 'drizzle-orm';
import {
  API_ERRORS,
  DEFAULT_MARKET_FEE_BPS,
  MESSAGES,
  OFFER_ERRORS,
  RESALE_ERRORS,
  parsePrice,
  type Offer,
} from '@stickerdrop/shared';
import type { Database, Transaction } from '../db/client.js';
import { editions, packs, users } from '../db/schema.js';
import { DomainError } from '../errors.js';
import { assertResellable } from '../resale/stars-lock.js';
import { assertNotGiftPending } from '../resale/holds.js';
import { creatorNameSql } from '../profile/display-name.js';
import { enqueueOfferReceived, enqueueOfferRepriced } from './notify.js';
import { findOffer } from './read.js';
import { offers, type OfferRow } from './tables.js';
import type { EditionAcquisition } from '../resale/stars-lock.js';
import { assertPackListed } from '../sales/listed.js';

const HOUR_MS = 60 * 60 * 1000;

export interface MakeOfferInput {
  userId: number;
  /** Exactly one of the two: one edition, or any edition of the pack. */
  editionId?: number;
  packId?: number;
  price: string;
  expiresInHours: number;
  /** STARS_RESALE_LOCK_DAYS: an edition paid in Stars takes no offers sooner (resale_locked). */
  starsLockDays: number;
  /** OFFERS_MAX_OPEN: a bidder's open offers at most; replacing one never counts as another. */
  maxOpenOffers?: number;
  /** MARKET_FEE_BPS: the owner's message says what accepting gives them after it (default 2.5 %). */
  marketFeeBps?: number;
  now: Date;
}

/** OFFERS_MAX_OPEN's default: enough for any collector, few enough that one bidder cannot flood the holders. */
export const DEFAULT_OFFERS_MAX_OPEN = 20;

/**
 * Makes an offer, or replaces the bidder's open offer on the same edition or pack (created false): the new
 * price and expiry. The owner (or each of the pack's holders) hears of a bidder's offers on one target at
 * most once a day; a new price edits the message they have instead of sending another (the owner's Accept
 * button carries the price it shows), so a bidder repricing or withdrawing and offering again cannot flood
 * the holders. Checked in the contract's order: not found (unknown edition or pack), invalid price (a
 * pack's price rules), own edition, resale locked (an edition still under the Stars resale lock), a pending
 * gift (an edition waiting to be claimed), offer limit
 * (a bidder with OFFERS_MAX_OPEN open offers making another).
 */
export async function makeOffer(db: Database, input: MakeOfferInput): Promise<{ offer: Offer; created: boolean }> {
  const result = await db.transaction(async (tx) => {
    const target = await offerTarget(tx, input);
    await assertPackListed(tx, target.packId);
    const priceNano = parsePrice(input.price);
    if (priceNano === null) throw new DomainError('invalid_price', MESSAGES.priceInvalid);
    if (target.ownerId === input.userId) throw new DomainError('own_edition', OFFER_ERRORS.ownEdition);
    if (target.acquisition) assertResellable(target.acquisition, input.now, input.starsLockDays);
    if (target.editionId !== null) await assertNotGiftPending(tx, target.editionId, input.now);
    // The bidder's row lock orders their own concurrent offers, so "replace the open one" never makes two.
    const [bidder] = await tx
      .select({ id: users.id, name: creatorNameSql })
      .from(users)
      .where(eq(users.id, input.userId))
      .for('update');
    if (!bidder) throw new DomainError('not_found', API_ERRORS.notFound);

    const expiresAt = new Date(input.now.getTime() + input.expiresInHours * HOUR_MS);
    const fields = { priceNano, expiresAt, updatedAt: input.now };
    const context = { bidderName: bidder.name, feeBps: input.marketFeeBps ?? DEFAULT_MARKET_FEE_BPS, now: input.now };
    const existing = await openOfferOf(tx, input.userId, target);
    if (existing) {
      const [updated] = (await tx.update(offers).set(fields).where(eq(offers.id, existing.id)).returning()) as [
        OfferRow,
      ];
      if (updated.priceNano !== existing.priceNano) await enqueueOfferRepriced(tx, updated, context);
      return { id: existing.id, created: false };
    }
    const maxOpen = input.maxOpenOffers ?? DEFAULT_OFFERS_MAX_OPEN;
    if ((await openOffersOf(tx, input.userId, input.now)) >= maxOpen) {
      throw new DomainError('offer_limit', OFFER_ERRORS.tooMany(maxOpen));
    }
    const [row] = (await tx
      .insert(offers)
      .values({
        ...fields,
        bidderId: input.userId,
        packId: target.packId,
        editionId: target.editionId,
        createdAt: input.now,
      })
      .returning()) as [OfferRow];
    await enqueueOfferReceived(tx, row, context);
    return { id: row.id, created: true };
  });
  const offer = await findOffer(db, result.id, input.now);
  return { offer: offer!, created: result.created };
}

interface OfferTarget {
  packId: number;
  editionId: number | null;
  /** The edition's owner; null for a pack-wide offer. */
  ownerId: number | null;
  /** How the owner paid for the edition (the Stars lock); null for a pack-wide offer. */
  acquisition: EditionAcquisition | null;
}

async function offerTarget(tx: Transaction, input: MakeOfferInput): Promise<OfferTarget> {
  if (input.editionId !== undefined) {
    const [edition] = await tx
      .select({
        id: editions.id,
        packId: editions.packId,
        ownerId: editions.ownerId,
        acquiredWith: editions.acquiredWith,
        acquiredAt: editions.acquiredAt,
      })
      .from(editions)
      .where(eq(editions.id, input.editionId));
    if (!edition) throw new DomainError('not_found', RESALE_ERRORS.editionNotFound);
    return { packId: edition.packId, editionId: edition.id, ownerId: edition.ownerId, acquisition: edition };
  }
  const [pack] = await tx
    .select({ id: packs.id })
    .from(packs)
    .where(eq(packs.id, input.packId ?? 0));
  if (!pack) throw new DomainError('not_found', MESSAGES.packNotFound);
  return { packId: pack.id, editionId: null, ownerId: null, acquisition: null };
}

/** The bidder's offers that are open and not yet expired (the expiry job may not have closed them yet). */
async function openOffersOf(tx: Transaction, bidderId: number, now: Date): Promise<number> {
  const [row] = await tx
    .select({ open: count() })
    .from(offers)
    .where(and(eq(offers.bidderId, bidderId), eq(offers.status, 'open'), gt(offers.expiresAt, now)));
  return row?.open ?? 0;
}

async function openOfferOf(tx: Transaction, bidderId: number, target: OfferTarget) {
  const [row] = await tx
    .select({ id: offers.id, priceNano: offers.priceNano })
    .from(offers)
    .where(
      and(
        eq(offers.bidderId, bidderId),
        eq(offers.status, 'open'),
        target.editionId === null
          ? and(eq(offers.packId, target.packId), isNull(offers.editionId))
          : eq(offers.editionId, target.editionId),
      ),
    )
    .for('update');
  return row;
}
