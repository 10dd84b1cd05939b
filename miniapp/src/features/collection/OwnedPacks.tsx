import { useState } from 'react';
import { Placeholder } from '@telegram-apps/telegram-ui';
import {
  COLLECTION_FILTERS,
  collectionItemMatchesSearch,
  matchesCollectionFilter,
  type CollectionFilter,
  type CollectionItem,
} from '@stickerdrop/shared';
import { ButtonLink } from '../../components/ButtonLink';
import { Loading } from '../../components/Loading';
import { SearchField } from '../../components/SearchField';
import { ToggleGroup } from '../../components/ToggleGroup';
import { useT } from '../../i18n/translate';
import { shellTexts } from '../../shell/messages';
import { PackCard } from '../packs/PackCard';
import { useLike } from '../packs/use-like';
import { SellControls } from '../resale/SellControls';
import { labelsIn, type CollectionKey } from './labels';
import { collectionTexts } from './messages';
import { EditionWorth } from '../worth/worth';
import { RemovedMark } from '../studio/RemovedMark';

const FILTER_LABELS: Record<CollectionFilter, CollectionKey> = {
  all: 'collection.filter.all',
  recent: 'collection.filter.recent',
  favorites: 'collection.filter.favorites',
};

/** The Packs tab: the editions owned, with search and SPEC's three filters, each with its sell controls. */
export function OwnedPacks({
  items,
  pending,
  creator,
}: {
  items: CollectionItem[];
  pending: boolean;
  creator: boolean;
}) {
  const like = useLike();
  const t = useT(collectionTexts);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<CollectionFilter>('all');
  const now = new Date();
  const shown = items.filter(
    (item) => matchesCollectionFilter(item, filter, now) && collectionItemMatchesSearch(item, search),
  );

  return (
    <>
      <div className="toolbar">
        <SearchField label={t('collection.search')} value={search} onChange={setSearch} />
        <ToggleGroup
          label={t('collection.filter.label')}
          values={COLLECTION_FILTERS}
          labels={labelsIn(FILTER_LABELS, t)}
          value={filter}
          onChange={setFilter}
        />
      </div>
      {pending ? (
        <Loading />
      ) : items.length === 0 ? (
        <EmptyCollection creator={creator} />
      ) : shown.length === 0 ? (
        <Placeholder header={t('collection.noMatch.title')} description={t('collection.noMatch.detail')} />
      ) : (
        <div className="pack-grid">
          {shown.map((item, index) => (
            // One entry per edition: a collector may own several of one pack.
            <div key={item.editionId} className="collection-entry" data-testid="collection-entry">
              <PackCard pack={item} index={index} showPurchaseInfo onToggleFavorite={(p) => like.toggle(p.id)} />
              <EditionWorth item={item} />
              {/* A removed pack's edition stays, marked, but is no longer listed or given. */}
              {item.removed ? (
                <RemovedMark reason={item.removed.reason} reader="owner" compact />
              ) : (
                <SellControls
                  target={{
                    editionId: item.editionId,
                    serial: item.serial,
                    packId: item.id,
                    listedPrice: item.listing?.price ?? null,
                  }}
                  resellableFrom={item.resellableFrom}
                />
              )}
            </div>
          ))}
        </div>
      )}
    </>
  );
}

function EmptyCollection({ creator }: { creator: boolean }) {
  const t = useT(collectionTexts);
  const tShell = useT(shellTexts);
  return (
    <Placeholder
      header={t('collection.empty.title')}
      description={t('collection.empty.detail')}
      action={
        <div className="collection-empty__actions">
          <ButtonLink to="/marketplace">{tShell('shell.hero.browse')}</ButtonLink>
          {creator ? (
            <ButtonLink to="/collection?tab=created" mode="bezeled">
              {t('collection.empty.seeCreated')}
            </ButtonLink>
          ) : null}
        </div>
      }
    />
  );
}
