import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import { Gem, Palette, TrendingUp, Users } from '../../components/icon-set';
import {
  CURRENCY,
  formatTonCents,
  parseTon,
  DEFAULT_PAGE_SIZE,
  MESSAGES,
  SORTS,
  VIEW_MODES,
  packMatchesSearch,
  type MarketplaceStats,
  type ViewMode,
} from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { Loading } from '../../components/Loading';
import { SearchField } from '../../components/SearchField';
import { StatTiles, type StatTile } from '../../components/StatTiles';
import { ToggleGroup } from '../../components/ToggleGroup';
import { useDebounced } from '../../components/use-debounced';
import { useInView } from '../../components/use-in-view';
import { Page } from '../../telegram/Page';
import { useToast } from '../../toast/ToastProvider';
import { PackCard, type CardPack } from '../packs/PackCard';
import { packQueries, statsQueries } from '../packs/queries';
import { useLike } from '../packs/use-like';
import { SORT_LABELS, VIEW_ICONS, VIEW_LABELS } from './labels';
import { shellTexts } from '../../shell/messages';
import { useT } from '../../i18n/translate';
import { MARKET_FILTERS, useMarketplaceParams } from './use-marketplace-params';
import './marketplace.css';

function marketplaceTiles(stats: MarketplaceStats | undefined): StatTile[] {
  const show = (value: number | undefined) => (value === undefined ? '—' : value.toLocaleString('en-US'));
  return [
    { label: 'Sticker Packs', value: show(stats?.totalStickers), icon: Palette },
    { label: 'Creators', value: show(stats?.totalCreators), icon: Users },
    { label: 'Total Sales', value: show(stats?.totalSales), icon: TrendingUp },
    {
      label: 'Average Price',
      value: stats ? `${formatTonCents(parseTon(stats.avgPrice) ?? 0n)} ${CURRENCY}` : '—',
      icon: Gem,
    },
  ];
}

export function MarketplacePage() {
  const tFirst = useT(shellTexts);
  const api = useApi();
  const toast = useToast();
  const like = useLike();
  const { sort, view, search, market, setMarket, setSort, setView, setSearch } = useMarketplaceParams();
  const serverSearch = useDebounced(search.trim(), 300);
  const stats = useQuery(statsQueries.marketplace(api));
  const packs = useInfiniteQuery(packQueries.list(api, { search: serverSearch, sort, onResale: market === 'resale' }));
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = packs;

  useEffect(() => {
    if (packs.isError) toast.error(MESSAGES.marketplaceLoadFailed);
  }, [packs.isError, toast]);

  // The grid follows the list and the search a render behind, in slices that yield: a page of cards drawn
  // at once was the marketplace's longest task on a slow phone, and each key typed in the search drew them all.
  const shownPages = useDeferredValue(packs.data?.pages);
  const shownSearch = useDeferredValue(search);
  const items = useMemo(
    () =>
      (shownPages ?? []).flatMap((page, pageIndex) =>
        page.items.map((pack, index) => ({ pack, index: pageIndex === 0 ? index : index % DEFAULT_PAGE_SIZE })),
      ),
    [shownPages],
  );
  // The server filters on the settled query; the shared rule filters what is shown while typing.
  const visible = useMemo(() => items.filter(({ pack }) => packMatchesSearch(pack, shownSearch)), [items, shownSearch]);
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
      <StatTiles label="Marketplace statistics" tiles={marketplaceTiles(stats.data)} />

      <div className="toolbar">
        <SearchField label="Search sticker packs" value={search} onChange={setSearch} />
        <ToggleGroup label="Sort" values={SORTS} labels={SORT_LABELS} value={sort} onChange={setSort} />
        <ToggleGroup
          label="Market"
          values={MARKET_FILTERS}
          labels={{ all: 'All', resale: 'On resale' }}
          value={market}
          onChange={setMarket}
        />
        <ToggleGroup
          label="View"
          className="view-toggle"
          values={VIEW_MODES}
          labels={VIEW_LABELS}
          icons={VIEW_ICONS}
          value={view}
          onChange={setView}
        />
      </div>

      {packs.isPending || (packs.data !== undefined && shownPages === undefined) ? (
        <Loading />
      ) : packs.isError && items.length === 0 ? (
        <Placeholder
          header={MESSAGES.somethingWentWrong}
          description={MESSAGES.marketplaceUnavailable}
          action={
            <Button size="m" onClick={() => void packs.refetch()}>
              Try again
            </Button>
          }
        />
      ) : visible.length === 0 && market === 'resale' && !shownSearch ? (
        // Nothing listed at all is not a search that missed: say so, and lead back to the whole market.
        <Placeholder
          header="Nothing is on resale right now"
          description="Collectors list editions here when they sell. New packs are in the market."
          action={
            <Button size="m" onClick={() => setMarket('all')}>
              Show all packs
            </Button>
          }
        />
      ) : visible.length === 0 ? (
        <Placeholder header="No sticker packs found" description="Try another search or sort." />
      ) : (
        <PackGrid items={visible} view={view} onToggleFavorite={toggleLike} />
      )}
      <div ref={sentinel} className="sentinel" aria-hidden="true" />
      {isFetchingNextPage ? <Loading /> : null}
      {hasNextPage && !isFetchingNextPage && gridCurrent ? (
        <div className="load-more">
          <Button mode="bezeled" onClick={() => void fetchNextPage()}>
            Load more
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
