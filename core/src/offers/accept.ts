import { eq } from 'drizzle-orm';
import { OFFER_ERRORS, RESALE_ERRORS, formatTon } from '@stickerdrop/shared';
import type { Database } from '../db/client.js';
import { DomainError } from '../errors.js';
import { findOrder, type OrderRecord } from '../db/order-record.js';
import { assertNotGiftPending, liveHolder, lockEdition } from '../resale/holds.js';
import { assertResellable } from '../resale/stars-lock.js';
import { insertResaleOrder } from '../resale/resale-order.js';
import type { TonTarget } from '../sales/ton-legs.js';
import { enqueueBidderNotice } from './notify.js';
import { offers } from './tables.js';
import { assertPackListed } from '../sales/listed.js';

export interface AcceptOfferInput {
  /** The owner accepting. */
  userId: number;
  offerId: number;
  /** The edition sold: required for a pack-wide offer, and must be the offer's own otherwise. */
  editionId?: number | undefined;
  /** The price the owner was shown (a chat message sent once per offer): a repriced offer is refused. */
  expectedPriceNano?: bigint;
  /** Where the TON legs go; null pays on the demo rail (demo mode). */
  ton: TonTarget | null;
  feeBps: number;
  /** STARS_RESALE_LOCK_DAYS: an edition paid in Stars cannot be sold sooner (resale_locked). */
  starsLockDays: number;
  now: Date;
}

/**
 * Accepts an offer: a resale order reserved for the bidder at the offer's price, paid like any resale (TON
 * legs, validUntil), holding the edition meanwhile; the offer is accepted and the bidder told. Locks the
 * edition first, then the offer (the order every resale path keeps), so two holders accepting one
 * pack-wide offer queue on the offer's row and the second finds it taken. Refused
 * as not found (unknown offer or edition), invalid (no or wrong edition), forbidden (not the owner), offer
 * closed or changed (no longer open, or repriced since the owner saw it), resale locked, a pending gift, edition held, or
 * wallet required (no wallet to pay).
 */
export async function acceptOffer(db: Database, input: AcceptOfferInput): Promise<OrderRecord> {
  const orderId = await db.transaction(async (tx) => {
    const [unlocked] = await tx.select().from(offers).where(eq(offers.id, input.offerId));
    if (!unlocked) throw new DomainError('not_found', OFFER_ERRORS.notFound);
    if (unlocked.editionId !== null && input.editionId !== undefined && input.editionId !== unlocked.editionId) {
      throw new DomainError('invalid_input', OFFER_ERRORS.wrongEdition);
    }
    const editionId = unlocked.editionId ?? input.editionId;
    if (editionId === undefined) throw new DomainError('invalid_input', OFFER_ERRORS.editionRequired);
    const edition = await lockEdition(tx, editionId);
    if (!edition) throw new DomainError('not_found', RESALE_ERRORS.editionNotFound);
    if (edition.packId !== unlocked.packId) throw new DomainError('invalid_input', OFFER_ERRORS.wrongPack);
    if (edition.ownerId !== input.userId) throw new DomainError('forbidden', RESALE_ERRORS.notOwner);
    await assertPackListed(tx, edition.packId);
    const [offer] = await tx.select().from(offers).where(eq(offers.id, input.offerId)).for('update');
    if (offer?.status !== 'open' || offer.expiresAt.getTime() <= input.now.getTime()) {
      throw new DomainError('offer_closed', OFFER_ERRORS.noLongerOpen);
    }
    if (offer.bidderId === input.userId) throw new DomainError('own_edition', OFFER_ERRORS.ownOffer);
    if (input.expectedPriceNano !== undefined && input.expectedPriceNano !== offer.priceNano) {
      throw new DomainError('offer_changed', OFFER_ERRORS.priceChanged(formatTon(offer.priceNano)));
    }
    assertResellable(edition, input.now, input.starsLockDays);
    await assertNotGiftPending(tx, edition.id, input.now);
    if (await liveHolder(tx, edition.id, input.now)) throw new DomainError('edition_held', RESALE_ERRORS.beingBought);

    const { id, payBy } = await insertResaleOrder(tx, {
      buyerId: offer.bidderId,
      sellerId: input.userId,
      packId: offer.packId,
      editionId: edition.id,
      priceNano: offer.priceNano,
      source: { offerId: offer.id },
      paymentMethod: input.ton ? 'ton' : 'demo',
      ton: input.ton,
      feeBps: input.feeBps,
      now: input.now,
      // The seller's share goes straight to their wallet, as in any resale.
      sellerWithoutWallet: () => new DomainError('wallet_required', RESALE_ERRORS.walletRequired),
    });
    const [accepted] = await tx
      .update(offers)
      .set({
        status: 'accepted',
        sellerId: input.userId,
        soldEditionId: edition.id,
        orderId: id,
        closedAt: input.now,
        updatedAt: input.now,
      })
      .where(eq(offers.id, offer.id))
      .returning();
    await enqueueBidderNotice(tx, accepted!, { kind: 'accepted', orderId: id, payBy });
    return id;
  });
  return (await findOrder(db, orderId))!;
}
