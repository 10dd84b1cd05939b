import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { formatTon } from '@stickerdrop/shared';
import { packs } from '../db/schema.js';
import { buyableSql } from './holds.js';
import { isoTimeSql } from '../db/iso-time.js';

/**
 * The resale figures a pack card and the pack page show, as columns of a query over `packs`. Served by
 * listings_pack_price_idx (active listings of a pack by price). `now` may be a prepared statement's
 * placeholder bound to an ISO time.
 */
export function marketColumns(now: Date | SQLWrapper) {
  return {
    floorNano: floorSql(now, (cheapest) => sql`${cheapest}::text`),
    listedCount: sql<number>`(select count(*) from listings lc
      where lc.pack_id = ${packs.id} and ${buyableSql('lc', now)})`.mapWith(Number),
  };
}

/** The floor as the wire writes it ("2.50"), for cards Postgres writes as JSON (packs/card-json.ts). */
export function floorPriceSql(now: Date | SQLWrapper): SQL<string | null> {
  // Formatted inside the subquery: given the subquery as its argument, format_ton would not be inlined.
  return floorSql(now, (cheapest) => sql`format_ton(${cheapest})`);
}

/** The cheapest buyable listing of the pack, as `shape` writes it; null when none. */
function floorSql(now: Date | SQLWrapper, shape: (cheapest: SQL) => SQL): SQL<string | null> {
  return sql<string | null>`(select ${shape(sql`min(fl.price_nano)`)} from listings fl
      where fl.pack_id = ${packs.id} and ${buyableSql('fl', now)})`;
}

/**
 * The latest sale of the pack, primary (a mint) or resale, as `LastSale`'s JSON; null when none. A pack
 * that only ever sold new editions has sold, and "—" would say it never did.
 */
export const lastSaleJsonSql: SQL = sql`(select json_build_object('price', format_ton(ls.price_nano),
    'serial', ls.serial, 'at', ${isoTimeSql(sql.raw('ls.at'))})
  from activity ls where ls.pack_id = ${packs.id} and ls.type in ('mint', 'sale') and ls.price_nano is not null
  order by ls.at desc, ls.id desc limit 1)`;

export interface MarketRow {
  floorNano?: string | null;
  listedCount?: number;
}

export function toMarketFields(row: MarketRow) {
  return {
    floorPrice: row.floorNano ? formatTon(BigInt(row.floorNano)) : null,
    listedCount: Number(row.listedCount ?? 0),
  };
}
