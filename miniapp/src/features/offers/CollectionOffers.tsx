import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import type { CollectionItem, Offer } from '@stickerdrop/shared';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { offersTexts } from './messages';
import { useApi } from '../../api/ApiProvider';
import { ButtonLink } from '../../components/ButtonLink';
import { Loading } from '../../components/Loading';
import { ToggleGroup } from '../../components/ToggleGroup';
import { OfferRow } from './OfferRow';
import { offerQueries } from './queries';
import { ReceivedOfferActions, type OwnedEdition } from './ReceivedOfferActions';
import { useOfferActions } from './use-offer-actions';
import './offers.css';

const SIDES = ['received', 'made'] as const;
type Side = (typeof SIDES)[number];

/** The viewer's editions of one pack, lowest serial first: the choices for a pack-wide offer. */
function editionsOf(collection: CollectionItem[], packId: number): OwnedEdition[] {
  return collection
    .filter((item) => item.id === packId)
    .map((item) => ({ editionId: item.editionId, serial: item.serial }))
    .sort((a, b) => a.serial - b.serial);
}

/** Collection's Offers tab: offers received on the viewer's editions (accept, decline) and those made. */
export function CollectionOffers({ collection }: { collection: CollectionItem[] }) {
  const api = useApi();
  const t = useT(offersTexts);
  const mine = useQuery(offerQueries.mine(api));
  const [side, setSide] = useState<Side>('received');
  const items = mine.data?.[side] ?? [];
  return (
    <section className="offers" aria-label={t('offers.mine.label')}>
      <ToggleGroup
        label={t('offers.title')}
        values={SIDES}
        labels={{ received: t('offers.mine.received'), made: t('offers.mine.made') }}
        value={side}
        onChange={setSide}
      />
      {mine.isPending ? (
        <Loading />
      ) : mine.isError ? (
        <Placeholder
          header={t('offers.loadFailed')}
          action={
            <Button size="m" mode="bezeled" onClick={() => void mine.refetch()}>
              {t('offers.retry')}
            </Button>
          }
        />
      ) : items.length === 0 ? (
        <Placeholder
          header={t(side === 'received' ? 'offers.mine.noneReceived' : 'offers.mine.noneMade')}
          description={t(side === 'received' ? 'offers.mine.noneReceivedText' : 'offers.mine.noneMadeText')}
        />
      ) : (
        <ul
          className="offers__list"
          aria-label={t(side === 'received' ? 'offers.mine.listReceived' : 'offers.mine.listMade')}
        >
          {items.map((offer) => (
            <OfferRow key={offer.id} offer={offer} showPack showBidder={side === 'received'}>
              {side === 'received' ? (
                <ReceivedOfferActions offer={offer} editions={editionsOf(collection, offer.packId)} />
              ) : (
                <MadeOfferActions offer={offer} />
              )}
            </OfferRow>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The bidder's side: withdraw while open, pay once accepted. */
function MadeOfferActions({ offer }: { offer: Offer }) {
  const { withdraw } = useOfferActions();
  const t = useT(offersTexts);
  const format = useFormat();
  if (offer.status === 'accepted') {
    // A paid order needs nothing more; one that lapsed unpaid is over (the edition is buyable again).
    // Pay opens the order on the pack page, whose payment step pays it like any resale.
    if (offer.order?.status === 'reserved') {
      return (
        <ButtonLink size="s" to={`/sticker?id=${offer.packId}&order=${offer.order.id}`}>
          {t('offers.mine.pay', { price: format.tonAmount(offer.price) })}
        </ButtonLink>
      );
    }
    return (
      <span className="muted">
        {t(offer.order?.status === 'paid' ? 'offers.mine.paid' : 'offers.mine.windowClosed')}
      </span>
    );
  }
  if (offer.status !== 'open') return null;
  return (
    <Button size="s" mode="plain" loading={withdraw.isPending} onClick={() => withdraw.mutate(offer.id)}>
      {t('offers.withdraw')}
    </Button>
  );
}
