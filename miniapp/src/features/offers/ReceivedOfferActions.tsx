import { useState } from 'react';
import { Button } from '@telegram-apps/telegram-ui';
import type { Offer, ReceivedOffer } from '@stickerdrop/shared';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { offersTexts } from './messages';
import { AcceptOfferSheet } from './AcceptOfferSheet';
import { sellableEditions, termsOf, type SellableEdition } from './offer-terms';
import { useOfferActions } from './use-offer-actions';

export interface OwnedEdition {
  editionId: number;
  serial: number;
}

/**
 * The owner's answer to an open offer. An offer on one edition sells that edition; a pack-wide offer sells
 * the edition the owner picks among theirs (the only one, when there is one). Before the tap the row says
 * what accepting gives; Accept then asks once, in a sheet. An edition a buyer is paying for right now
 * cannot be sold again: its offers say so and their Accept is off.
 */
export function ReceivedOfferActions({ offer, editions }: { offer: Offer | ReceivedOffer; editions: OwnedEdition[] }) {
  const { accept, decline } = useOfferActions();
  const t = useT(offersTexts);
  const format = useFormat();
  const bid = { price: format.tonAmount(offer.price), name: offer.bidder.name };
  const terms = termsOf(offer);
  const packWide = offer.editionId === null;
  const choices = sellableEditions(offer, editions, terms);
  const [picked, setPicked] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const chosen: SellableEdition | null =
    choices.find((edition) => edition.editionId === picked) ??
    choices.find((edition) => !edition.held) ??
    choices[0] ??
    null;
  const held = chosen ? chosen.held : (terms?.held ?? false);
  const busy = accept.isPending || decline.isPending;
  if (offer.status !== 'open') return null;
  const confirm = () =>
    accept.mutate(packWide ? { id: offer.id, editionId: chosen!.editionId } : { id: offer.id }, {
      onSettled: () => setConfirming(false),
    });
  return (
    <>
      {terms ? (
        <p className="offer-row__terms">{t('offers.receiveLine', { amount: format.tonAmount(terms.receive) })}</p>
      ) : null}
      {held ? (
        <p className="offer-row__held" role="status">
          {t('offers.beingBought')}
        </p>
      ) : null}
      {packWide && choices.length > 1 ? <EditionPicker choices={choices} chosen={chosen} onPick={setPicked} /> : null}
      <Button
        size="s"
        disabled={busy || held || (packWide && chosen === null)}
        aria-label={t('offers.acceptLabel', bid)}
        onClick={() => setConfirming(true)}
      >
        {t('offers.accept')}
      </Button>
      <Button
        size="s"
        mode="plain"
        disabled={busy}
        loading={decline.isPending}
        aria-label={t('offers.declineLabel', bid)}
        onClick={() => decline.mutate(offer.id)}
      >
        {t('offers.decline')}
      </Button>
      <AcceptOfferSheet
        offer={offer}
        terms={terms}
        edition={chosen}
        open={confirming}
        pending={accept.isPending}
        onOpenChange={setConfirming}
        onConfirm={confirm}
      />
    </>
  );
}

/** A pack-wide offer: which of the owner's editions it sells; one a buyer is paying for cannot be picked. */
function EditionPicker({
  choices,
  chosen,
  onPick,
}: {
  choices: SellableEdition[];
  chosen: SellableEdition | null;
  onPick(editionId: number): void;
}) {
  const t = useT(offersTexts);
  const format = useFormat();
  return (
    <label className="offer-row__pick">
      <span className="muted">{t('offers.chooseEdition')}</span>
      <select value={chosen?.editionId ?? ''} onChange={(event) => onPick(Number(event.target.value))}>
        {choices.map((edition) => (
          <option key={edition.editionId} value={edition.editionId} disabled={edition.held}>
            {edition.listingPrice
              ? t('offers.pick.listed', { serial: edition.serial, price: format.tonAmount(edition.listingPrice) })
              : t('offers.serial', { serial: edition.serial })}
          </option>
        ))}
      </select>
    </label>
  );
}
