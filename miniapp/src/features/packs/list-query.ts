import type { Availability, Category, FormatFilter, Sort } from '@stickerdrop/shared';

/** One list of the catalogue, as `GET /api/stickers` takes it; also the list's query key. */
export interface PackListFilters {
  search: string;
  sort: Sort;
  category?: Category;
  format?: FormatFilter;
  /** TON as typed ("1.5"), inclusive. */
  minPrice?: string;
  maxPrice?: string;
  availability: Availability;
}

/** The API's query for one page of that list (`all` is the API's default and is left out). */
export function packListQuery(filters: PackListFilters, limit: number, cursor?: string) {
  const { availability, ...rest } = filters;
  return { ...rest, availability: availability === 'all' ? undefined : availability, limit, cursor };
}
