import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Availability, PackListQuery } from '@stickerdrop/shared';
import { packs } from '../db/schema.js';
import { buyableSql } from '../resale/holds.js';

/** The filters a list statement carries, each its own part of the statement's shape. */
export interface FilterShape {
  category: boolean;
  format: 'emoji' | 'sticker' | false;
  price: boolean;
  availability: Availability;
}

export function filterShape(
  query: Pick<PackListQuery, 'category' | 'format' | 'minPrice' | 'maxPrice' | 'availability'>,
): FilterShape {
  return {
    category: query.category !== undefined,
    format: query.format === undefined ? false : query.format === 'emoji' ? 'emoji' : 'sticker',
    price: query.minPrice !== undefined || query.maxPrice !== undefined,
    availability: query.availability,
  };
}

/** The shape as a part of the prepared statement's name, short: Postgres keeps 63 characters of a name. */
export function filterName(shape: FilterShape): string {
  const parts = [
    shape.category ? 'cat' : '',
    shape.format ? `f${shape.format[0]}` : '',
    shape.price ? 'price' : '',
    shape.availability === 'all' ? '' : `a${shape.availability[0]}`,
  ];
  return parts.filter(Boolean).join('_');
}

/** The most a bound may be: above any price (MAX_PRICE) in nanotons, and inside bigint. */
export const NO_UPPER_BOUND = 9_000_000_000_000_000_000n;

/** The filters' placeholders' values. */
export function filterParams(query: Pick<PackListQuery, 'category' | 'format' | 'minPrice' | 'maxPrice'>) {
  return {
    category: query.category ?? '',
    format: query.format ?? '',
    minPrice: String(query.minPrice ?? 0n),
    maxPrice: String(query.maxPrice ?? NO_UPPER_BOUND),
  };
}

const stillSoldNew = sql`${packs.soldCount} < ${packs.maxSupply}`;
const priceWithin = (column: SQLWrapper) =>
  sql`${column} between ${sql.placeholder('minPrice')}::bigint and ${sql.placeholder('maxPrice')}::bigint`;

/** A buyable listing of the pack, within the price bounds when the shape has them. */
function listed(now: SQLWrapper, price: boolean): SQL {
  const bounds = price ? sql` and ${priceWithin(sql`al.price_nano`)}` : sql``;
  return sql`exists (select 1 from listings al where al.pack_id = ${packs.id} and ${buyableSql('al', now)}${bounds})`;
}

/**
 * Availability with the price bounds: sold new at a price within them, listed at one, or either. Without
 * bounds, `all` asks nothing.
 */
function availabilityCondition(shape: FilterShape, now: SQLWrapper): SQL | undefined {
  const primary = shape.price ? sql`(${stillSoldNew} and ${priceWithin(packs.priceNano)})` : stillSoldNew;
  if (shape.availability === 'primary') return primary;
  if (shape.availability === 'resale') return listed(now, shape.price);
  return shape.price ? sql`(${primary} or ${listed(now, true)})` : undefined;
}

/** Every filter of the shape, as one condition (undefined: none). */
export function filterCondition(shape: FilterShape, now: SQLWrapper): SQL | undefined {
  const format = sql.placeholder('format');
  return and(
    shape.category ? sql`${packs.category} = ${sql.placeholder('category')}::text` : undefined,
    shape.format === 'emoji' ? sql`${packs.kind} = 'emoji'` : undefined,
    shape.format === 'sticker'
      ? sql`(${packs.kind} = 'stickers' and ${packs.stickerFormats} @> array[${format}::text])`
      : undefined,
    availabilityCondition(shape, now),
  );
}
