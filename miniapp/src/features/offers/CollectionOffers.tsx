import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import { CURRENCY, type CollectionItem, type Offer } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { ButtonLink } from '../../components/ButtonLink';
import { Loading } from '../../components/Loading';
import { ToggleGroup } from '../../components/ToggleGroup';
import { OfferRow } from './OfferRow';
import { offerQueries } from './queries';
import { ReceivedOfferActions, type OwnedEdition } from './ReceivedOfferActions';
import { OFFER_TEXTS } from './texts';
import { useOfferActions } from './use-offer-actions';
import './offers.css';

const SIDES = ['received', 'made'] as const;
type Side = (typeof SIDES)[number];
const SIDE_LABELS: Record<Side, string> = { received: 'Received', made: 'Made' };

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
  const mine = useQuery(offerQueries.mine(api));
  const [side, setSide] = useState<Side>('received');
  const items = mine.data?.[side] ?? [];
  return (
    <section className="offers" aria-label="My offers">
      <ToggleGroup label="Offers" values={SIDES} labels={SIDE_LABELS} value={side} onChange={setSide} />
      {mine.isPending ? (
        <Loading />
      ) : mine.isError ? (
        <Placeholder
          header={OFFER_TEXTS.loadFailed}
          action={
            <Button size="m" mode="bezeled" onClick={() => void mine.refetch()}>
              Retry
            </Button>
          }
        />
      ) : items.length === 0 ? (
        <Placeholder
          header={side === 'received' ? 'No offers received' : 'No offers made'}
          description={
            side === 'received'
              ? 'Offers collectors make on your editions appear here.'
              : 'Make an offer from any pack or edition page.'
          }
        />
      ) : (
        <ul className="offers__list" aria-label={`Offers ${SIDE_LABELS[side].toLowerCase()}`}>
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
  if (offer.status === 'accepted') {
    // A paid order needs nothing more; one that lapsed unpaid is over (the edition is buyable again).
    // Pay opens the order on the pack page, whose payment step pays it like any resale.
    if (offer.order?.status === 'reserved') {
      return (
        <ButtonLink size="s" to={`/sticker?id=${offer.packId}&order=${offer.order.id}`}>
          Pay · {offer.price} {CURRENCY}
        </ButtonLink>
      );
    }
    return <span className="muted">{offer.order?.status === 'paid' ? 'Paid' : 'Payment window closed'}</span>;
  }
  if (offer.status !== 'open') return null;
  return (
    <Button size="s" mode="plain" loading={withdraw.isPending} onClick={() => withdraw.mutate(offer.id)}>
      Withdraw
    </Button>
  );
}
