import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { OFFER_ERRORS, ORDER_RESERVATION_MS, RESALE_ERRORS, type PaymentInstructions } from '@stickerdrop/shared';
import type { Database } from '../db/client.js';
import { orders, packs, users } from '../db/schema.js';
import { DomainError } from '../errors.js';
import { findOrder, type OrderRecord } from '../db/order-record.js';
import { CHAIN_GRACE_MS } from '../resale/buy.js';
import { liveHolder, lockEdition } from '../resale/holds.js';
import { assertResellable } from '../resale/stars-lock.js';
import { resaleTonPayment, type TonTarget } from '../resale/ton-legs.js';
import { enqueueBidderNotice } from './notify.js';
import { offers } from './tables.js';

export interface AcceptOfferInput {
  /** The owner accepting. */
  userId: number;
  offerId: number;
  /** The edition sold: required for a pack-wide offer, and must be the offer's own otherwise. */
  editionId?: number | undefined;
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
 * pack-wide offer queue on the offer's row and the second finds it taken. 404 unknown offer or edition,
 * 400 no or wrong edition, 403 not the owner, 409 offer no longer open, edition Stars-locked or held, or
 * no wallet to pay.
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
    const [offer] = await tx.select().from(offers).where(eq(offers.id, input.offerId)).for('update');
    if (offer?.status !== 'open' || offer.expiresAt.getTime() <= input.now.getTime()) {
      throw new DomainError('offer_closed', OFFER_ERRORS.noLongerOpen);
    }
    if (offer.bidderId === input.userId) throw new DomainError('own_edition', OFFER_ERRORS.ownOffer);
    assertResellable(edition, input.now, input.starsLockDays);
    if (await liveHolder(tx, edition.id, input.now)) throw new DomainError('edition_held', RESALE_ERRORS.beingBought);

    const [pack] = await tx
      .select({ royaltyBps: packs.royaltyBps, creatorWallet: users.walletAddress })
      .from(packs)
      .innerJoin(users, eq(users.id, packs.creatorId))
      .where(eq(packs.id, offer.packId));
    const [seller] = await tx.select({ wallet: users.walletAddress }).from(users).where(eq(users.id, input.userId));
    const id = randomUUID();
    const reservationEnd = input.now.getTime() + ORDER_RESERVATION_MS;
    let payment: PaymentInstructions = { kind: 'demo' };
    if (input.ton) {
      // The seller's share goes straight to their wallet, as in any resale.
      if (!seller?.wallet) throw new DomainError('wallet_required', RESALE_ERRORS.walletRequired);
      payment = resaleTonPayment(
        {
          orderId: id,
          priceNano: offer.priceNano,
          royaltyBps: pack!.royaltyBps,
          feeBps: input.feeBps,
          sellerWallet: seller.wallet,
          creatorWallet: pack!.creatorWallet,
          validUntil: Math.floor(reservationEnd / 1000),
        },
        input.ton,
      );
    }
    const expiresAt = new Date(reservationEnd + (input.ton ? CHAIN_GRACE_MS : 0));
    await tx.insert(orders).values({
      id,
      kind: 'resale',
      userId: offer.bidderId,
      packId: offer.packId,
      offerId: offer.id,
      editionId: edition.id,
      royaltyBps: pack!.royaltyBps,
      feeBps: input.feeBps,
      paymentMethod: input.ton ? 'ton' : 'demo',
      amountNano: offer.priceNano,
      payment,
      expiresAt,
      createdAt: input.now,
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
    await enqueueBidderNotice(tx, accepted!, { kind: 'accepted', orderId: id, payBy: new Date(reservationEnd) });
    return id;
  });
  return (await findOrder(db, orderId))!;
}
