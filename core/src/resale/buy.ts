import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ORDER_RESERVATION_MS, RESALE_ERRORS, type PaymentInstructions, type PaymentMethod } from '@stickerdrop/shared';
import type { Database } from '../db/client.js';
import { orders, packs, users } from '../db/schema.js';
import { DomainError } from '../errors.js';
import { assertWithinPerUserLimit } from '../drops/rules.js';
import { findOrder, type OrderRecord } from '../db/order-record.js';
import { liveHolder, lockEdition } from './holds.js';
import { listings } from './tables.js';
import { resaleTonPayment, type TonTarget } from './ton-legs.js';

/**
 * How long past the wallet's validUntil a TON resale reservation is kept: a transaction the wallet signed
 * in time reaches the chain within seconds, and this leaves the watcher time to confirm it, so a payment
 * made in time is never met by a listing sold to someone else.
 */
export const CHAIN_GRACE_MS = 3 * 60 * 1000;

export interface BuyListingInput {
  userId: number;
  listingId: number;
  paymentMethod: PaymentMethod;
  /** Where the TON legs go; null pays on the demo rail (demo mode). */
  ton: TonTarget | null;
  feeBps: number;
  now: Date;
}

/**
 * Reserves a listing for the buyer, in one transaction under the edition's and the listing's row locks:
 * 409 when it is sold, delisted or held by another live reservation, 400 for the seller's own listing; the
 * buyer's own live reservation comes back unchanged (created false). The order carries its payment at
 * once: the TON legs are computed, never fetched, so nothing can fail after the commit.
 */
export async function buyListing(
  db: Database,
  input: BuyListingInput,
): Promise<{ order: OrderRecord; created: boolean }> {
  const orderId = await db.transaction(async (tx) => {
    const [unlocked] = await tx.select().from(listings).where(eq(listings.id, input.listingId));
    if (!unlocked) throw new DomainError('not_for_sale', RESALE_ERRORS.noLongerForSale);
    const edition = await lockEdition(tx, unlocked.editionId);
    const [listing] = await tx.select().from(listings).where(eq(listings.id, input.listingId)).for('update');
    if (!edition || listing?.status !== 'active' || edition.ownerId !== listing.sellerId) {
      throw new DomainError('not_for_sale', RESALE_ERRORS.noLongerForSale);
    }
    if (listing.sellerId === input.userId) throw new DomainError('own_edition', RESALE_ERRORS.ownEdition);
    const holder = await liveHolder(tx, edition.id, input.now);
    if (holder?.userId === input.userId) return { id: holder.id, created: false };
    if (holder) throw new DomainError('not_for_sale', RESALE_ERRORS.noLongerForSale);

    const [pack] = await tx
      .select({ royaltyBps: packs.royaltyBps, creatorWallet: users.walletAddress, maxPerUser: packs.maxPerUser })
      .from(packs)
      .innerJoin(users, eq(users.id, packs.creatorId))
      .where(eq(packs.id, listing.packId));
    const [seller] = await tx.select({ wallet: users.walletAddress }).from(users).where(eq(users.id, listing.sellerId));
    const id = randomUUID();
    const reservationEnd = input.now.getTime() + ORDER_RESERVATION_MS;
    let payment: PaymentInstructions = { kind: 'demo' };
    if (input.ton) {
      // The seller's share goes straight to their wallet; one unlinked since listing cannot be paid.
      if (!seller?.wallet) throw new DomainError('not_for_sale', RESALE_ERRORS.noLongerForSale);
      payment = resaleTonPayment(
        {
          orderId: id,
          priceNano: listing.priceNano,
          royaltyBps: pack!.royaltyBps,
          feeBps: input.feeBps,
          sellerWallet: seller.wallet,
          creatorWallet: pack!.creatorWallet,
          validUntil: Math.floor(reservationEnd / 1000),
        },
        input.ton,
      );
    }
    await tx.insert(orders).values({
      id,
      kind: 'resale',
      userId: input.userId,
      packId: listing.packId,
      listingId: listing.id,
      editionId: edition.id,
      royaltyBps: pack!.royaltyBps,
      feeBps: input.feeBps,
      paymentMethod: input.paymentMethod,
      amountNano: listing.priceNano,
      payment,
      expiresAt: new Date(reservationEnd + (input.ton ? CHAIN_GRACE_MS : 0)),
      createdAt: input.now,
    });
    // Fair drops: the reservation just written counts; past the pack's cap it is rolled back with a 409.
    await assertWithinPerUserLimit(tx, {
      userId: input.userId,
      packId: listing.packId,
      now: input.now,
      maxPerUser: pack!.maxPerUser,
    });
    return { id, created: true };
  });
  const order = await findOrder(db, orderId.id);
  return { order: order!, created: orderId.created };
}
