import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { gifts, orders } from '../db/schema.js';
import { listings, offers } from '../resale/tables.js';

/** What closing a pack's market ended: the bidders whose offers closed are told by the caller. */
export interface ClosedMarket {
  listings: number;
  offers: number;
  reservations: number;
  /** Pending gifts of its editions, cancelled: each edition stays with its sender. */
  gifts: number;
  bidderIds: number[];
}

/**
 * Nothing of a removed pack stays on sale, in the removal's transaction: its open listings are cancelled, its
 * open offers lapse, its unpaid reservations (new editions and resales) are released at once, and its
 * pending gifts are cancelled, so no edition changes hands; each stays with its sender, who is told of the
 * removal as an owner. (A claim reads the pack before it locks the gift, so it waits for this or refuses.)
 */
export async function closePackMarket(tx: DbOrTx, packId: number, now: Date): Promise<ClosedMarket> {
  const closedListings = await tx
    .update(listings)
    .set({ status: 'cancelled', closedAt: now, updatedAt: now })
    .where(and(eq(listings.packId, packId), eq(listings.status, 'active')))
    .returning({ id: listings.id });
  const closedOffers = await tx
    .update(offers)
    .set({ status: 'lapsed', closedAt: now, updatedAt: now })
    .where(and(eq(offers.packId, packId), eq(offers.status, 'open')))
    .returning({ bidderId: offers.bidderId });
  const released = await tx
    .update(orders)
    .set({ status: 'expired', expiresAt: now })
    .where(and(eq(orders.packId, packId), eq(orders.status, 'reserved')))
    .returning({ id: orders.id });
  const cancelledGifts = await tx
    .update(gifts)
    .set({ status: 'cancelled', closedAt: now })
    .where(and(eq(gifts.packId, packId), eq(gifts.status, 'pending')))
    .returning({ id: gifts.id });
  return {
    listings: closedListings.length,
    offers: closedOffers.length,
    reservations: released.length,
    gifts: cancelledGifts.length,
    bidderIds: [...new Set(closedOffers.map((offer) => offer.bidderId))],
  };
}

/** A banned user trades no more: their listings are cancelled and the offers they made withdrawn. */
export async function closeUsersMarket(tx: DbOrTx, userId: number, now: Date) {
  const closedListings = await tx
    .update(listings)
    .set({ status: 'cancelled', closedAt: now, updatedAt: now })
    .where(and(eq(listings.sellerId, userId), eq(listings.status, 'active')))
    .returning({ id: listings.id });
  const closedOffers = await tx
    .update(offers)
    .set({ status: 'withdrawn', closedAt: now, updatedAt: now })
    .where(and(eq(offers.bidderId, userId), eq(offers.status, 'open')))
    .returning({ id: offers.id });
  const released = await tx
    .update(orders)
    .set({ status: 'expired', expiresAt: now })
    .where(and(eq(orders.userId, userId), eq(orders.status, 'reserved')))
    .returning({ id: orders.id });
  return { listings: closedListings.length, offers: closedOffers.length, reservations: released.length };
}
