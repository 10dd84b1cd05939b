import { eq } from 'drizzle-orm';
import { RESALE_ERRORS, type PaymentMethod } from '@stickerdrop/shared';
import type { Database } from '../db/client.js';
import { DomainError } from '../errors.js';
import type { OrderRecord } from '../db/order-record.js';
import { liveHolder, lockEdition } from './holds.js';
import { listings } from './tables.js';
import {
  DEFAULT_RESERVATION_POLICY,
  assertMayReserve,
  lockBuyer,
  type ReservationPolicy,
} from '../reservations/policy.js';
import { insertResaleOrder } from './resale-order.js';
import { recordBoughtGift } from '../sales/bought-gift.js';
import type { TonTarget } from '../sales/ton-legs.js';
import { assertPackListed } from '../sales/listed.js';

export interface BuyListingInput {
  userId: number;
  listingId: number;
  paymentMethod: PaymentMethod;
  /** Where the TON legs go; null pays on the demo rail (demo mode). */
  ton: TonTarget | null;
  feeBps: number;
  /** RESERVATIONS_MAX_OPEN and the rest; the settings' defaults when absent. */
  reservations?: ReservationPolicy;
  /** Bought as a gift (GIFT_CLAIM_DAYS to claim it once paid); absent for the buyer's own edition. */
  gift?: { claimDays: number };
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
  // The order comes back as written (or as held): a resale order's edition is known from the start.
  return db.transaction(async (tx) => {
    const [unlocked] = await tx.select().from(listings).where(eq(listings.id, input.listingId));
    if (!unlocked) throw new DomainError('not_for_sale', RESALE_ERRORS.noLongerForSale);
    const edition = await lockEdition(tx, unlocked.editionId);
    const [listing] = await tx.select().from(listings).where(eq(listings.id, input.listingId)).for('update');
    if (!edition || listing?.status !== 'active' || edition.ownerId !== listing.sellerId) {
      throw new DomainError('not_for_sale', RESALE_ERRORS.noLongerForSale);
    }
    if (listing.sellerId === input.userId) throw new DomainError('own_edition', RESALE_ERRORS.ownEdition);
    await assertPackListed(tx, listing.packId);
    const holder = await liveHolder(tx, edition.id, input.now);
    if (holder?.userId === input.userId) return { order: { ...holder, edition: edition.serial }, created: false };
    if (holder) throw new DomainError('not_for_sale', RESALE_ERRORS.noLongerForSale);
    // Under the buyer's lock: their racing reservations elsewhere are counted, committed, before this one.
    await lockBuyer(tx, input.userId);
    await assertMayReserve(tx, input.userId, input.now, input.reservations ?? DEFAULT_RESERVATION_POLICY);

    const { order } = await insertResaleOrder(tx, {
      buyerId: input.userId,
      sellerId: listing.sellerId,
      packId: listing.packId,
      editionId: edition.id,
      priceNano: listing.priceNano,
      source: { listingId: listing.id },
      paymentMethod: input.paymentMethod,
      ton: input.ton,
      feeBps: input.feeBps,
      now: input.now,
      // A seller who unlinked their wallet since listing cannot be paid.
      sellerWithoutWallet: () => new DomainError('not_for_sale', RESALE_ERRORS.noLongerForSale),
    });
    if (input.gift) await recordBoughtGift(tx, order, { claimDays: input.gift.claimDays, now: input.now });
    return { order: { ...order, edition: edition.serial }, created: true };
  });
}
