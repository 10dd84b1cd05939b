import { useCallback } from 'react';
import { useSearchParams } from '../../router';
import { DEFAULT_SORT, SORTS, VIEW_MODES, type Sort, type ViewMode } from '@stickerdrop/shared';

/** "On resale": only packs with a buyable listing (`onResale=1`). */
export type MarketFilter = 'all' | 'resale';
export const MARKET_FILTERS: readonly MarketFilter[] = ['all', 'resale'];

/** Search, sort and view live in the URL, so Back returns to the same results. */
export function useMarketplaceParams() {
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const viewParam = params.get('view');
  const sort: Sort = (SORTS as readonly string[]).includes(sortParam ?? '') ? (sortParam as Sort) : DEFAULT_SORT;
  const view: ViewMode = (VIEW_MODES as readonly string[]).includes(viewParam ?? '') ? (viewParam as ViewMode) : 'grid';
  const search = params.get('q') ?? '';
  const market: MarketFilter = params.get('market') === 'resale' ? 'resale' : 'all';

  const update = useCallback(
    (changes: Record<string, string | null>) =>
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

  return {
    sort,
    view,
    search,
    market,
    setMarket: (value: MarketFilter) => update({ market: value === 'all' ? null : value }),
    setSort: (value: Sort) => update({ sort: value === DEFAULT_SORT ? null : value }),
    setView: (value: ViewMode) => update({ view: value === 'grid' ? null : value }),
    setSearch: (value: string) => update({ q: value || null }),
  };
}
