import type { ReactNode } from 'react';
import { Link } from '../../router';
import type { Offer } from '@stickerdrop/shared';
import { useFormat } from '../../i18n/format';
import { translate, useT } from '../../i18n/translate';
import { offersTexts } from './messages';
import { expiryText, timeLeft } from './offer-form';

/** "#4" linking to the edition, or "Any edition" for a pack-wide offer. */
export function offerTarget(offer: Offer): ReactNode {
  if (offer.editionId === null) return translate(offersTexts, 'offers.anyEdition');
  return (
    <Link to={`/edition?id=${offer.editionId}`}>
      {translate(offersTexts, 'offers.serial', { serial: offer.serial ?? '' })}
    </Link>
  );
}

const STATUS_KEYS = {
  open: 'offers.status.open',
  accepted: 'offers.status.accepted',
  declined: 'offers.status.declined',
  withdrawn: 'offers.status.withdrawn',
  expired: 'offers.status.expired',
  lapsed: 'offers.status.lapsed',
} as const;

/** How an offer that is no longer open ended; an accepted one says how long its buyer has to pay. */
function statusText(offer: Offer): string {
  const left = offer.order?.status === 'reserved' ? timeLeft(offer.order.expiresAt) : null;
  return left
    ? translate(offersTexts, 'offers.acceptedPayWithin', { left })
    : translate(offersTexts, STATUS_KEYS[offer.status]);
}

/**
 * One offer: what it is on, who bids, how much and until when (or how it ended), then the actions the
 * viewer may take on it.
 */
export function OfferRow({
  offer,
  best = false,
  showPack = false,
  showBidder = true,
  children,
}: {
  offer: Offer;
  best?: boolean;
  showPack?: boolean;
  /** Off on the viewer's own offers, where the bidder is the viewer. */
  showBidder?: boolean;
  children?: ReactNode;
}) {
  const t = useT(offersTexts);
  const format = useFormat();
  return (
    <li className="offer-row" data-testid="offer-row">
      <div className="offer-row__main">
        <span className="offer-row__price">
          {t('offers.price', { price: format.tonAmount(offer.price) })}
          {best ? <span className="offer-row__best">{t('offers.best')}</span> : null}
        </span>
        <span>
          {showPack ? <Link to={`/sticker?id=${offer.packId}`}>{offer.pack.title}</Link> : null}
          {showPack ? ' · ' : null}
          {offerTarget(offer)}
          {showBidder ? ` · ${t('offers.by', { name: offer.bidder.name })}` : null}
        </span>
        <span className="muted">
          {offer.status === 'open' ? (
            <time dateTime={offer.expiresAt}>{expiryText(offer.expiresAt)}</time>
          ) : (
            statusText(offer)
          )}
        </span>
      </div>
      {children ? <div className="offer-row__actions">{children}</div> : null}
    </li>
  );
}
