import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button } from '@telegram-apps/telegram-ui';
import { Gem, Palette, TrendingUp, Users } from '../../components/icon-set';
import {
  formatTonCents,
  parseTon,
  DEFAULT_PAGE_SIZE,
  packMatchesSearch,
  type MarketplaceStats,
  type ViewMode,
} from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { Loading } from '../../components/Loading';
import { StatTiles, type StatTile } from '../../components/StatTiles';
import { useDebounced } from '../../components/use-debounced';
import { useInView } from '../../components/use-in-view';
import { Page } from '../../telegram/Page';
import { useToast } from '../../toast/ToastProvider';
import { PackCard, type CardPack } from '../packs/PackCard';
import { PackCardSkeletons } from '../packs/PackCardSkeletons';
import { SKELETON_CARDS } from '../packs/skeletons';
import { packQueries, statsQueries } from '../packs/queries';
import { useLike } from '../packs/use-like';
import { MarketNotice } from './MarketNotice';
import { MarketToolbar } from './MarketToolbar';
import { shellTexts } from '../../shell/messages';
import { useFormat, type Formats } from '../../i18n/format';
import { translate, useT, type Translate } from '../../i18n/translate';
import { marketplaceTexts, type MarketplaceKey } from './messages';
import { activeFilterCount, marketListFilters, type MarketFilters } from './market-query';
import { useMarketplaceParams } from './use-marketplace-params';
import './marketplace.css';

/** The four figures in the reader's digits; the average price rounded to cents as SPEC shows it. */
function marketplaceTiles(
  stats: MarketplaceStats | undefined,
  t: Translate<MarketplaceKey>,
  format: Formats,
): StatTile[] {
  const show = (value: number | undefined) => (value === undefined ? '—' : format.number(value));
  const averagePrice = (avgPrice: string) =>
    t('marketplace.stats.price', { price: format.tonAmount(formatTonCents(parseTon(avgPrice) ?? 0n)) });
  return [
    { label: t('marketplace.stats.packs'), value: show(stats?.totalStickers), icon: Palette },
    { label: t('marketplace.stats.creators'), value: show(stats?.totalCreators), icon: Users },
    { label: t('marketplace.stats.sales'), value: show(stats?.totalSales), icon: TrendingUp },
    { label: t('marketplace.stats.averagePrice'), value: stats ? averagePrice(stats.avgPrice) : '—', icon: Gem },
  ];
}

/**
 * Why nothing shows: nothing is on resale at all (no search, no other filter: lead back to the whole
 * market), the filters leave nothing (reset them), or the search found nothing.
 */
function emptyKind(filters: MarketFilters, search: string) {
  if (filters.availability === 'resale' && activeFilterCount(filters) === 1 && !search) return 'noResale';
  return activeFilterCount(filters) > 0 ? 'filtered' : 'empty';
}

export function MarketplacePage() {
  const tFirst = useT(shellTexts);
  const t = useT(marketplaceTexts);
  const format = useFormat();
  const api = useApi();
  const toast = useToast();
  const like = useLike();
  const params = useMarketplaceParams();
  const { view, search } = params;
  const serverSearch = useDebounced(search.trim(), 300);
  const stats = useQuery(statsQueries.marketplace(api));
  const packs = useInfiniteQuery(packQueries.list(api, marketListFilters({ ...params, search: serverSearch })));
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = packs;

  useEffect(() => {
    if (packs.isError) toast.error(translate(marketplaceTexts, 'marketplace.loadFailed'));
  }, [packs.isError, toast]);

  // The grid follows the list and the search a render behind, in slices that yield: a page of cards drawn
  // at once was the marketplace's longest task on a slow phone, and each key typed in the search drew them all.
  // Each list kept with the search it answers: the server's answer to the search typed is shown whole.
  const answer = useMemo(() => ({ pages: packs.data?.pages, search: serverSearch }), [packs.data?.pages, serverSearch]);
  const shown = useDeferredValue(answer);
  const shownPages = shown.pages;
  const shownSearch = useDeferredValue(search);
  const items = useMemo(
    () =>
      (shownPages ?? []).flatMap((page, pageIndex) =>
        page.items.map((pack, index) => ({ pack, index: pageIndex === 0 ? index : index % DEFAULT_PAGE_SIZE })),
      ),
    [shownPages],
  );
  // The server filters on the settled query, by more than the shared rule knows (tags, the stickers' emoji and
  // keywords, a typo): its answer to the search shown is shown whole. While typing, the list still answers an
  // earlier search, and the shared rule narrows it to what the new text surely matches.
  const visible = useMemo(
    () =>
      shown.search === shownSearch.trim() ? items : items.filter(({ pack }) => packMatchesSearch(pack, shownSearch)),
    [items, shown.search, shownSearch],
  );
  // The end of the list, its sentinel and its button, follow once the grid shows the pages loaded: until
  // then they sit under the toolbar, would ask for the next page before anyone scrolled, and then move.
  const gridCurrent = shownPages === packs.data?.pages;
  const sentinel = useInView<HTMLDivElement>(
    () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    Boolean(hasNextPage) && gridCurrent,
  );
  const likeNow = useRef(like);
  likeNow.current = like;
  const toggleLike = useCallback((pack: CardPack) => likeNow.current.toggle(pack.id), []);

  return (
    <Page>
      <h1 className="page-title">{tFirst('shell.marketplaceTitle')}</h1>
      <StatTiles compact label={t('marketplace.stats.label')} tiles={marketplaceTiles(stats.data, t, format)} />

      <MarketToolbar params={params} />

      {packs.isPending || (packs.data !== undefined && shownPages === undefined) ? (
        <PackCardSkeletons count={SKELETON_CARDS} />
      ) : packs.isError && items.length === 0 ? (
        <MarketNotice kind="failed" onAction={() => void packs.refetch()} />
      ) : visible.length === 0 ? (
        <MarketNotice kind={emptyKind(params, shownSearch)} onAction={params.resetFilters} />
      ) : (
        <PackGrid items={visible} view={view} onToggleFavorite={toggleLike} />
      )}
      <div ref={sentinel} className="sentinel" aria-hidden="true" />
      {isFetchingNextPage ? <Loading /> : null}
      {hasNextPage && !isFetchingNextPage && gridCurrent ? (
        <div className="load-more">
          <Button mode="bezeled" onClick={() => void fetchNextPage()}>
            {t('marketplace.loadMore')}
          </Button>
        </div>
      ) : null}
    </Page>
  );
}

interface PackGridProps {
  items: { pack: CardPack; index: number }[];
  view: ViewMode;
  onToggleFavorite: (pack: CardPack) => void;
}

/** The cards, drawn again only when they or the view change (not on each render of the page around them). */
const PackGrid = memo(function PackGrid({ items, view, onToggleFavorite }: PackGridProps) {
  return (
    <div className={`pack-grid${view === 'list' ? ' pack-grid--list' : ''}`} data-view={view}>
      {items.map(({ pack, index }) => (
        <PackCard key={pack.id} pack={pack} index={index} view={view} onToggleFavorite={onToggleFavorite} />
      ))}
    </div>
  );
});
