import { sql } from 'drizzle-orm';
import { formatTon, type MarketplaceStats } from '@stickerdrop/shared';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../packs/sql-rows.js';

/**
 * Marketplace figures, summed over the 16 counter slots that migration 0002's triggers keep in the
 * transactions that change packs, editions and users (so a read touches 16 small rows, never the catalogue):
 * - totalListings: packs with at least one edition left for sale (sold_count < max_supply);
 * - uniqueSellers: distinct creators with at least one pack listed;
 * - totalVolume: what buyers paid, the sum of every edition's purchase price;
 * - totalSales: editions sold;
 * - totalStickers: packs in the catalogue, sold out or not;
 * - totalCreators: users with creator access, whether or not they have listed yet;
 * - avgPrice: the mean asking price over all packs, rounded half up to the nanoton ("0.00" when none).
 */
export async function getMarketplaceStats(db: DbOrTx): Promise<MarketplaceStats> {
  const [row] = await queryRows<Record<string, string>>(
    db,
    sql`
    select coalesce(sum(listings), 0)::text as listings, coalesce(sum(sellers), 0)::text as sellers,
      coalesce(sum(volume), 0)::text as volume, coalesce(sum(sales), 0)::text as sales,
      coalesce(sum(packs), 0)::text as packs, coalesce(sum(price_sum), 0)::text as price_sum,
      coalesce(sum(creators), 0)::text as creators
    from marketplace_counters`,
  );
  if (!row) throw new Error('stats query returned no row');
  const packs = BigInt(row.packs!);
  const priceSum = BigInt(row.price_sum!);
  return {
    totalListings: Number(row.listings),
    uniqueSellers: Number(row.sellers),
    totalVolume: formatTon(BigInt(row.volume!)),
    totalSales: Number(row.sales),
    totalStickers: Number(packs),
    totalCreators: Number(row.creators),
    avgPrice: formatTon(packs === 0n ? 0n : (2n * priceSum + packs) / (2n * packs)),
  };
}
