import type { ReactNode } from 'react';
import { Link } from '../../router';
import { CURRENCY, type Offer } from '@stickerdrop/shared';
import { expiryText, timeLeft } from './offer-form';
import { OFFER_TEXTS, STATUS_LABELS } from './texts';

/** "#4" linking to the edition, or "Any edition" for a pack-wide offer. */
export function offerTarget(offer: Offer): ReactNode {
  if (offer.editionId === null) return OFFER_TEXTS.anyEdition;
  return <Link to={`/edition?id=${offer.editionId}`}>#{offer.serial}</Link>;
}

/** How an offer that is no longer open ended; an accepted one says how long its buyer has to pay. */
function statusText(offer: Offer): string {
  const left = offer.order?.status === 'reserved' ? timeLeft(offer.order.expiresAt) : null;
  return left ? `${STATUS_LABELS.accepted} · pay within ${left}` : STATUS_LABELS[offer.status];
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
  return (
    <li className="offer-row" data-testid="offer-row">
      <div className="offer-row__main">
        <span className="offer-row__price">
          {offer.price} {CURRENCY}
          {best ? <span className="offer-row__best">Best</span> : null}
        </span>
        <span>
          {showPack ? <Link to={`/sticker?id=${offer.packId}`}>{offer.pack.title}</Link> : null}
          {showPack ? ' · ' : null}
          {offerTarget(offer)}
          {showBidder ? ` · by ${offer.bidder.name}` : null}
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
