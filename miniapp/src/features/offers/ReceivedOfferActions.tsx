import { useState } from 'react';
import { Button } from '@telegram-apps/telegram-ui';
import type { Offer } from '@stickerdrop/shared';
import { OFFER_TEXTS } from './texts';
import { useOfferActions } from './use-offer-actions';

export interface OwnedEdition {
  editionId: number;
  serial: number;
}

/**
 * The owner's answer to an open offer. An offer on one edition sells that edition; a pack-wide offer sells
 * the edition the owner picks among theirs (the only one, when there is one).
 */
export function ReceivedOfferActions({ offer, editions }: { offer: Offer; editions: OwnedEdition[] }) {
  const { accept, decline } = useOfferActions();
  const [picked, setPicked] = useState<number | null>(editions[0]?.editionId ?? null);
  const chosen = editions.some((edition) => edition.editionId === picked) ? picked : (editions[0]?.editionId ?? null);
  const packWide = offer.editionId === null;
  const busy = accept.isPending || decline.isPending;
  if (offer.status !== 'open') return null;
  return (
    <>
      {packWide && editions.length > 1 ? (
        <label className="offer-row__pick">
          <span className="muted">{OFFER_TEXTS.chooseEdition}</span>
          <select value={chosen ?? ''} onChange={(event) => setPicked(Number(event.target.value))}>
            {editions.map((edition) => (
              <option key={edition.editionId} value={edition.editionId}>
                #{edition.serial}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <Button
        size="s"
        disabled={busy || (packWide && chosen === null)}
        loading={accept.isPending}
        aria-label={`Accept the offer of ${offer.price} from ${offer.bidder.name}`}
        onClick={() => accept.mutate(packWide ? { id: offer.id, editionId: chosen! } : { id: offer.id })}
      >
        Accept
      </Button>
      <Button
        size="s"
        mode="plain"
        disabled={busy}
        loading={decline.isPending}
        aria-label={`Decline the offer of ${offer.price} from ${offer.bidder.name}`}
        onClick={() => decline.mutate(offer.id)}
      >
        Decline
      </Button>
    </>
  );
}
