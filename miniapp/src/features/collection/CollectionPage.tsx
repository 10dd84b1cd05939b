import { Suspense, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Placeholder } from '@telegram-apps/telegram-ui';
import { useSearchParams } from '../../router';
import { Clock, Gem, Heart, Package } from '../../components/icon-set';
import {
  COLLECTION_FILTERS,
  CURRENCY,
  collectionItemMatchesSearch,
  matchesCollectionFilter,
  STUDIO_TEXTS,
  type CollectionFilter,
} from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { ButtonLink } from '../../components/ButtonLink';
import { Loading } from '../../components/Loading';
import { SearchField } from '../../components/SearchField';
import { StatTiles } from '../../components/StatTiles';
import { ToggleGroup } from '../../components/ToggleGroup';
import { Page } from '../../telegram/Page';
import { LazyCollectionOffers } from '../offers/lazy';
import { useAuth } from '../auth/AuthProvider';
import { LazyCreatedPacks } from '../studio/lazy';
import { PackCard } from '../packs/PackCard';
import { useLike } from '../packs/use-like';
import { SellControls } from '../resale/SellControls';
import '../resale/resale.css';
import './collection.css';
import { collectionCounts, totalSpent } from './collection-stats';
import { collectionQueries } from './queries';

const FILTER_LABELS: Record<CollectionFilter, string> = { all: 'All', recent: 'Recent', favorites: 'Favorites' };
const TABS = ['packs', 'created', 'offers'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = { packs: 'Packs', created: STUDIO_TEXTS.createdTab, offers: 'Offers' };

/** SPEC §2 Collection: the user's purchased packs with stats, search and the three filters. */
export function CollectionPage() {
  const api = useApi();
  const like = useLike();
  const collection = useQuery(collectionQueries.list(api));
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<CollectionFilter>('all');
  // The tab is in the route (#/collection?tab=offers), so a link can open the offers directly.
  const [params, setParams] = useSearchParams();
  const { user } = useAuth();
  const creator = Boolean(user?.isCreator);
  const tabs = creator ? TABS : TABS.filter((value) => value !== 'created');
  const asked = params.get('tab');
  const tab: Tab = tabs.find((value) => value === asked) ?? 'packs';

  // SPEC §8: a collection that fails to load is only logged, and shows as empty.
  useEffect(() => {
    if (collection.error) console.error('Failed to load the collection', collection.error);
  }, [collection.error]);

  const items = collection.data ?? [];
  const counts = collectionCounts(items);
  const now = new Date();
  const shown = items.filter(
    (item) => matchesCollectionFilter(item, filter, now) && collectionItemMatchesSearch(item, search),
  );

  return (
    <Page webBack>
      <h1 className="page-title">My Collection</h1>
      <StatTiles
        label="Collection statistics"
        tiles={[
          { label: 'Packs Owned', value: counts.total, icon: Package },
          { label: 'Total Spent', value: `${totalSpent(items)} ${CURRENCY}`, icon: Gem },
          { label: 'Favorites', value: counts.favorites, icon: Heart },
          { label: 'Recent', value: counts.recent, icon: Clock },
        ]}
      />
      <ToggleGroup
        label="Collection"
        className="chips collection-tabs"
        values={tabs}
        labels={TAB_LABELS}
        value={tab}
        onChange={(next) => setParams(next === 'packs' ? {} : { tab: next }, { replace: true })}
      />
      {tab === 'created' ? (
        <Suspense fallback={<Loading />}>
          <LazyCreatedPacks />
        </Suspense>
      ) : tab === 'offers' ? (
        <Suspense fallback={<Loading />}>
          <LazyCollectionOffers collection={items} />
        </Suspense>
      ) : (
        <>
          <div className="toolbar">
            <SearchField label="Search your collection" value={search} onChange={setSearch} />
            <ToggleGroup
              label="Filter"
              values={COLLECTION_FILTERS}
              labels={FILTER_LABELS}
              value={filter}
              onChange={setFilter}
            />
          </div>

          {collection.isPending ? (
            <Loading />
          ) : items.length === 0 ? (
            <Placeholder
              header="Your collection is empty"
              description="Packs you buy appear here, numbered by edition."
              action={
                <div className="collection-empty__actions">
                  <ButtonLink to="/marketplace">Browse Marketplace</ButtonLink>
                  {creator ? (
                    <ButtonLink to="/collection?tab=created" mode="bezeled">
                      {STUDIO_TEXTS.seeCreated}
                    </ButtonLink>
                  ) : null}
                </div>
              }
            />
          ) : shown.length === 0 ? (
            <Placeholder header="No packs match" description="Try another search or filter." />
          ) : (
            <div className="pack-grid">
              {shown.map((item, index) => (
                // One entry per edition: a collector may own several of one pack.
                <div key={item.editionId} className="collection-entry" data-testid="collection-entry">
                  <PackCard pack={item} index={index} showPurchaseInfo onToggleFavorite={(p) => like.toggle(p.id)} />
                  <SellControls
                    target={{
                      editionId: item.editionId,
                      serial: item.serial,
                      packId: item.id,
                      listedPrice: item.listing?.price ?? null,
                    }}
                    resellableFrom={item.resellableFrom}
                  />
                </div>
              ))}
            </div>
          )}
        </>
      )}
    </Page>
  );
}
