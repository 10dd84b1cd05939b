import {
  AVAILABILITIES,
  CATEGORIES,
  DEFAULT_SORT,
  FORMAT_FILTERS,
  SORTS,
  VIEW_MODES,
  parseTon,
  type Availability,
  type Category,
  type FormatFilter,
  type Sort,
  type ViewMode,
} from '@stickerdrop/shared';
import { parseRoute } from '../../router/history';
import type { PackListFilters } from '../packs/list-query';

/**
 * What the marketplace shows, read from its address's query: the search, the sort, the view and the
 * filters the API takes under the same names. Pure, so the document's first screen reads the same
 * address the same way and asks for the very list the page will show.
 */
export interface MarketFilters {
  category?: Category;
  format?: FormatFilter;
  /** TON as typed ("1.5"), inclusive; only a value the API reads as a price. */
  minPrice?: string;
  maxPrice?: string;
  availability: Availability;
}

export interface MarketView extends MarketFilters {
  search: string;
  sort: Sort;
  view: ViewMode;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

const price = (value: string | null): string | undefined => {
  const text = value?.trim() ?? '';
  return text !== '' && parseTon(text) !== null ? text : undefined;
};

export function marketFiltersFrom(params: URLSearchParams): MarketFilters {
  const minPrice = price(params.get('minPrice'));
  let maxPrice = price(params.get('maxPrice'));
  // A range the API would refuse is read as its lower bound alone.
  if (minPrice !== undefined && maxPrice !== undefined && parseTon(minPrice)! > parseTon(maxPrice)!)
    maxPrice = undefined;
  return {
    category: oneOf(CATEGORIES, params.get('category')),
    format: oneOf(FORMAT_FILTERS, params.get('format')),
    minPrice,
    maxPrice,
    // `market=resale` is what the marketplace's links said before availability had three values.
    availability:
      oneOf(AVAILABILITIES, params.get('availability')) ?? (params.get('market') === 'resale' ? 'resale' : 'all'),
  };
}

export function marketViewFrom(params: URLSearchParams): MarketView {
  return {
    ...marketFiltersFrom(params),
    search: params.get('q') ?? '',
    sort: oneOf(SORTS, params.get('sort')) ?? DEFAULT_SORT,
    view: oneOf(VIEW_MODES, params.get('view')) ?? 'grid',
  };
}

/** How many of the filters narrow the list (the availability counts unless it is `all`). */
export function activeFilterCount(filters: MarketFilters): number {
  const { category, format, minPrice, maxPrice, availability } = filters;
  return [category, format, minPrice ?? maxPrice, availability === 'all' ? undefined : availability].filter(Boolean)
    .length;
}

/** The list the page asks for: the settled search, the sort and the filters, exactly as its query key. */
export function marketListFilters(view: MarketFilters & { search: string; sort: Sort }): PackListFilters {
  const { category, format, minPrice, maxPrice, availability, search, sort } = view;
  return { search: search.trim(), sort, category, format, minPrice, maxPrice, availability };
}

/** The list a route of the marketplace shows first (`/marketplace?category=food`), or null for any other route. */
export function marketScreenList(route: string): PackListFilters | null {
  const { pathname, search } = parseRoute(route);
  if (pathname.toLowerCase() !== '/marketplace') return null;
  return marketListFilters(marketViewFrom(new URLSearchParams(search)));
}

/** Whether a list is the marketplace as it first opens (no search, no filter, the default sort). */
export function isFirstMarketList(list: PackListFilters): boolean {
  const first = marketListFilters(marketViewFrom(new URLSearchParams()));
  return (Object.keys({ ...first, ...list }) as (keyof PackListFilters)[]).every((key) => list[key] === first[key]);
}
