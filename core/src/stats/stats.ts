import { sql } from 'drizzle-orm';
import { formatTon, type MarketplaceStats } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { queryRows } from '../packs/sql-rows.js';

/**
 * Marketplace figures, all from the live rows in one round trip:
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
    select
      (select count(*) from packs where sold_count < max_supply)::text as listings,
      (select count(distinct creator_id) from packs)::text as sellers,
      (select coalesce(sum(purchase_price_nano), 0) from editions)::text as volume,
      (select count(*) from editions)::text as sales,
      (select count(*) from packs)::text as packs,
      (select coalesce(sum(price_nano), 0) from packs)::text as price_sum,
      (select count(*) from users where is_creator)::text as creators`,
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
