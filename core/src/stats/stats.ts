import { sql, type SQLWrapper } from 'drizzle-orm';
import { formatTon, type MarketplaceStats } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { marketplaceCounters } from '../db/schema.js';
import { perHandle } from '../db/prepared.js';

/**
 * Marketplace figures, summed over the 16 counter slots that migration 0002's triggers keep in the
 * transactions that change packs, editions and users (so a read touches 16 small rows, never the catalogue):
 * - totalListings: resale listings open now of packs the marketplace shows (what "Active Listings" names:
 *   listings, not packs; read through the partial index of open listings, which holds only those);
 * - uniqueSellers: distinct creators with at least one pack listed;
 * - totalVolume: what buyers paid, the sum of every edition's purchase price;
 * - totalSales: editions sold;
 * - totalStickers: packs in the catalogue, sold out or not;
 * - totalCreators: users with creator access, whether or not they have listed yet;
 * - avgPrice: the mean asking price over all packs, rounded half up to the nanoton ("0.00" when none).
 */
export async function getMarketplaceStats(db: DbOrTx): Promise<MarketplaceStats> {
  const [row] = await statsStatement(db).execute();
  if (!row) throw new Error('stats query returned no row');
  const packCount = BigInt(row.packs);
  const priceSum = BigInt(row.priceSum);
  return {
    totalListings: Number(row.openListings),
    uniqueSellers: Number(row.sellers),
    totalVolume: formatTon(BigInt(row.volume)),
    totalSales: Number(row.sales),
    totalStickers: Number(packCount),
    totalCreators: Number(row.creators),
    avgPrice: formatTon(packCount === 0n ? 0n : (2n * priceSum + packCount) / (2n * packCount)),
  };
}

/** Sums as text: exact on both drivers (Postgres sends numeric as text, PGlite may not). */
const total = (column: SQLWrapper) => sql<string>`coalesce(sum(${column}), 0)::text`;
const prepareStats = (db: DbOrTx) =>
  db
    .select({
      openListings: sql<string>`(select count(*) from listings l join packs p on p.id = l.pack_id
        where l.status = 'active' and p.status = 'listed')::text`,
      sellers: total(marketplaceCounters.sellers),
      volume: total(marketplaceCounters.volume),
      sales: total(marketplaceCounters.sales),
      packs: total(marketplaceCounters.packs),
      priceSum: total(marketplaceCounters.priceSum),
      creators: total(marketplaceCounters.creators),
    })
    .from(marketplaceCounters)
    .prepare('marketplace_stats');
const statsStatement = perHandle(prepareStats);
