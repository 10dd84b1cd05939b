import { and, desc, eq, sql } from 'drizzle-orm';
import { DEFAULT_STARS_RESALE_LOCK_DAYS, formatTon, type CollectionItem } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { editions, orders, packs, users } from '../db/schema.js';
import { cardColumns, toPackCard } from '../packs/card.js';
import { marketColumns } from '../resale/pack-market.js';
import { editionPayment } from '../resale/stars-lock.js';
import { listings } from '../resale/tables.js';
import { editionWorth } from './worth.js';

/**
 * What the owner paid: their resale order when they bought the edition on the market, else its mint price.
 * (purchase_price_nano stays the mint price: the marketplace volume counters are kept from it.)
 */
const paidByOwner = sql<string>`coalesce((
  select ${orders.amountNano} from ${orders}
  where ${orders.editionId} = ${editions.id} and ${orders.userId} = ${editions.ownerId}
    and ${orders.kind} = 'resale' and ${orders.status} = 'paid'
  order by ${orders.paidAt} desc limit 1
), ${editions.purchasePriceNano})::text`;

/**
 * The editions `userId` owns, each with its pack's card and its Stars lock, newest purchase first. An
 * edition of a pack the marketplace removed stays, with `removed` saying why.
 */
export async function listCollection(
  db: DbOrTx,
  userId: number,
  now: Date,
  starsLockDays: number = DEFAULT_STARS_RESALE_LOCK_DAYS,
): Promise<CollectionItem[]> {
  const rows = await db
    .select({
      ...cardColumns(userId),
      ...marketColumns(now),
      editionId: editions.id,
      listingId: listings.id,
      listingPrice: listings.priceNano,
      serial: editions.serial,
      paidNano: paidByOwner,
      purchasedAt: editions.createdAt,
      acquiredWith: editions.acquiredWith,
      acquiredAt: editions.acquiredAt,
      removedReason: packs.removedReason,
    })
    .from(editions)
    .innerJoin(packs, eq(packs.id, editions.packId))
    .innerJoin(users, eq(users.id, packs.creatorId))
    .leftJoin(listings, and(eq(listings.editionId, editions.id), eq(listings.status, 'active')))
    .where(eq(editions.ownerId, userId))
    // `desc nulls last` matches editions_owner_idx, so the index returns the rows already in order.
    .orderBy(sql`${editions.createdAt} desc nulls last`, desc(editions.id));
  return rows.map((row) => {
    const card = toPackCard(row, now);
    const paidNano = BigInt(row.paidNano);
    return {
      ...card,
      purchasePrice: formatTon(paidNano),
      ...editionWorth(card, paidNano),
      purchasedAt: row.purchasedAt.toISOString(),
      edition: row.serial,
      editionId: row.editionId,
      serial: row.serial,
      listing: row.listingId === null ? null : { id: row.listingId, price: formatTon(row.listingPrice!) },
      ...editionPayment(row, now, starsLockDays),
      ...(row.removedReason ? { removed: { reason: row.removedReason } } : {}),
    };
  });
}
