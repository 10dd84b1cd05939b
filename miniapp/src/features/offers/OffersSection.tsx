import { useQuery } from '@tanstack/react-query';
import { Button } from '@telegram-apps/telegram-ui';
import { useApi } from '../../api/ApiProvider';
import { useAuth } from '../auth/AuthProvider';
import { MakeOfferSheet } from './MakeOfferSheet';
import { bestFirst } from './best-first';
import { OfferRow } from './OfferRow';
import { offerQueries, type OfferTarget } from './queries';
import { ReceivedOfferActions } from './ReceivedOfferActions';
import { useT } from '../../i18n/translate';
import { offersTexts } from './messages';
import { useOfferActions } from './use-offer-actions';
import { useStartOffer } from './use-start-offer';
import './offers.css';

interface OffersSectionProps {
  packId: number;
  /** On an edition's page: that edition (its offers and the pack-wide ones), and who owns it. */
  edition?: { id: number; serial: number; ownerId: number };
}

/** The open offers of a pack or an edition, best first, with "Make offer" and the viewer's own actions. */
export function OffersSection({ packId, edition }: OffersSectionProps) {
  const api = useApi();
  const t = useT(offersTexts);
  const { user } = useAuth();
  const { withdraw } = useOfferActions();
  const offering = useStartOffer();
  const offers = useQuery(offerQueries.pack(api, packId));
  const owner = edition !== undefined && user?.id === edition.ownerId;
  // The owner's own terms of each offer (what they receive, their listing, the floor, a hold) come with
  // the offers they received.
  const mine = useQuery({ ...offerQueries.mine(api), enabled: owner });
  const received = new Map((mine.data?.received ?? []).map((offer) => [offer.id, offer]));
  const target: OfferTarget = edition ? { editionId: edition.id } : { packId };
  const items = bestFirst(
    (offers.data?.items ?? []).filter(
      (offer) => !edition || offer.editionId === null || offer.editionId === edition.id,
    ),
  );

  return (
    <section className="offers" aria-label={t('offers.title')}>
      <div className="offers__head">
        <h2 className="section-title">{t('offers.title')}</h2>
        {owner ? null : (
          <Button size="s" mode="bezeled" onClick={offering.start}>
            {t('offers.make')}
          </Button>
        )}
      </div>
      {offering.making ? <MakeOfferSheet packId={packId} target={target} onClose={offering.close} /> : null}
      {offers.isPending ? (
        // One line, as tall as the "No offers yet." that mostly follows: the page below does not move.
        <p className="muted" role="status">
          {t('offers.loading')}
        </p>
      ) : offers.isError ? (
        <div className="offers__error" role="alert">
          <span>{t('offers.loadFailed')}</span>
          <Button size="s" mode="plain" onClick={() => void offers.refetch()}>
            {t('offers.retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="muted">{t('offers.none')}</p>
      ) : (
        <ul className="offers__list" aria-label={t('offers.openList')}>
          {items.map((offer, index) => (
            <OfferRow key={offer.id} offer={offer} best={index === 0}>
              {offer.bidder.id === user?.id ? (
                <Button
                  size="s"
                  mode="plain"
                  loading={withdraw.isPending && withdraw.variables === offer.id}
                  onClick={() => withdraw.mutate(offer.id)}
                >
                  {t('offers.withdraw')}
                </Button>
              ) : owner && edition ? (
                <ReceivedOfferActions
                  offer={received.get(offer.id) ?? offer}
                  editions={[{ editionId: edition.id, serial: edition.serial }]}
                />
              ) : null}
            </OfferRow>
          ))}
        </ul>
      )}
    </section>
  );
}
