import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../router';
import { DEFAULT_SORT, type Sort, type ViewMode } from '@stickerdrop/shared';
import { marketViewFrom, type MarketFilters } from './market-query';

/** The filters' names in the address, the API's own. */
const FILTER_PARAMS = ['category', 'format', 'minPrice', 'maxPrice', 'availability', 'market'] as const;

/**
 * Search, sort, view and filters live in the address's query, so Back, a reload or a shared link shows
 * the same results.
 */
export function useMarketplaceParams() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => marketViewFrom(params), [params]);

  const update = useCallback(
    (changes: Record<string, string | null | undefined>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  /** Sets all the filters at once (the sheet's choices, a chip removed); the ones left out are cleared. */
  const setFilters = useCallback(
    (filters: Partial<MarketFilters>) =>
      update({
        ...Object.fromEntries(FILTER_PARAMS.map((name) => [name, null])),
        ...filters,
        availability: filters.availability === 'all' ? null : filters.availability,
      }),
    [update],
  );

  return {
    ...view,
    setFilters,
    setSort: (value: Sort) => update({ sort: value === DEFAULT_SORT ? null : value }),
    setView: (value: ViewMode) => update({ view: value === 'grid' ? null : value }),
    setSearch: (value: string) => update({ q: value || null }),
    /** Every filter off, the market chip on All; the search stays. */
    resetFilters: () => update(Object.fromEntries(FILTER_PARAMS.map((name) => [name, null]))),
  };
}

export type MarketplaceParams = ReturnType<typeof useMarketplaceParams>;
