import { Suspense, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '../../router';
import { Clock, Gem, Heart, Package } from '../../components/icon-set';
import { useApi } from '../../api/ApiProvider';
import { Loading } from '../../components/Loading';
import { StatTiles } from '../../components/StatTiles';
import { ToggleGroup } from '../../components/ToggleGroup';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { Page } from '../../telegram/Page';
import { LazyCollectionOffers } from '../offers/lazy';
import { LazyMyGifts } from '../gifts/lazy';
import { useAuth } from '../auth/AuthProvider';
import { LazyCreatedPacks } from '../studio/lazy';
import '../resale/resale.css';
import './collection.css';
import { collectionWorth } from '@stickerdrop/shared';
import { collectionCounts, totalSpent } from './collection-stats';
import { labelsIn, type CollectionKey } from './labels';
import { collectionTexts } from './messages';
import { OwnedPacks } from './OwnedPacks';
import { collectionQueries } from './queries';
import { WorthLine } from '../worth/worth';

const TABS = ['packs', 'created', 'offers', 'gifts'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, CollectionKey> = {
  packs: 'collection.tabs.packs',
  created: 'collection.tabs.created',
  offers: 'collection.tabs.offers',
  gifts: 'collection.tabs.gifts',
};

/** SPEC §2 Collection: the user's purchased packs with stats, search and the three filters. */
export function CollectionPage() {
  const api = useApi();
  const collection = useQuery(collectionQueries.list(api));
  // The tab is in the route (#/collection?tab=offers), so a link can open the offers directly.
  const [params, setParams] = useSearchParams();
  const { user } = useAuth();
  const t = useT(collectionTexts);
  const format = useFormat();
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

  return (
    <Page webBack>
      <h1 className="page-title">{t('collection.title')}</h1>
      <StatTiles
        compact
        label={t('collection.stats.label')}
        tiles={[
          { label: t('collection.stats.owned'), value: format.count(counts.total), icon: Package },
          // A plain space before the unit: in a phone's narrow tile the unit goes under a long amount.
          {
            label: t('collection.stats.spent'),
            value: t('collection.stats.spentAmount', { amount: format.tonAmount(totalSpent(items)) }),
            icon: Gem,
          },
          { label: t('collection.stats.favorites'), value: format.count(counts.favorites), icon: Heart },
          { label: t('collection.stats.recent'), value: format.count(counts.recent), icon: Clock },
        ]}
      />
      <WorthLine worth={collectionWorth(items)} testId="collection-worth" />
      <ToggleGroup
        label={t('collection.tabs.label')}
        className="chips collection-tabs"
        values={tabs}
        labels={labelsIn(TAB_LABELS, t)}
        value={tab}
        onChange={(next) => setParams(next === 'packs' ? {} : { tab: next }, { replace: true })}
      />
      {tab === 'created' ? (
        <Suspense fallback={<Loading />}>
          <LazyCreatedPacks />
        </Suspense>
      ) : tab === 'gifts' ? (
        <Suspense fallback={<Loading />}>
          <LazyMyGifts />
        </Suspense>
      ) : tab === 'offers' ? (
        <Suspense fallback={<Loading />}>
          <LazyCollectionOffers collection={items} />
        </Suspense>
      ) : (
        <OwnedPacks items={items} pending={collection.isPending} creator={creator} />
      )}
    </Page>
  );
}
