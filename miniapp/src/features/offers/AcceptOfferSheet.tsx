import { Button, Modal } from '@telegram-apps/telegram-ui';
import { CURRENCY, type Offer } from '@stickerdrop/shared';
import type { OfferTerms, SellableEdition } from './offer-terms';
import { OFFER_TEXTS } from './texts';

const ton = (amount: string) => `${amount} ${CURRENCY}`;

/**
 * Accepting is asked once, in a sheet that says what it means: the offer, what the owner receives after
 * the creator's royalty and the marketplace fee, beside their own listing price and the pack's floor.
 */
export function AcceptOfferSheet({
  offer,
  terms,
  edition,
  open,
  pending,
  onOpenChange,
  onConfirm,
}: {
  offer: Offer;
  terms: OfferTerms | null;
  edition: SellableEdition | null;
  open: boolean;
  pending: boolean;
  onOpenChange(open: boolean): void;
  onConfirm(): void;
}) {
  const serial = edition?.serial ?? offer.serial;
  const title = OFFER_TEXTS.acceptTitle(offer.price, offer.bidder.name);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      className="accept-sheet"
      aria-label={title}
      header={<Modal.Header>{offer.pack.title}</Modal.Header>}
    >
      <div className="accept-sheet__body" data-testid="accept-sheet">
        <h2 className="accept-sheet__title">{title}</h2>
        <table className="accept-sheet__terms">
          <tbody>
            <tr>
              <th scope="row">{OFFER_TEXTS.offerOf(serial)}</th>
              <td>{ton(offer.price)}</td>
            </tr>
            {terms ? (
              <tr className="accept-sheet__receive">
                <th scope="row">{OFFER_TEXTS.youReceive}</th>
                <td>{ton(terms.receive)}</td>
              </tr>
            ) : null}
            <tr>
              <th scope="row">{OFFER_TEXTS.yourListing}</th>
              <td>{edition?.listingPrice ? ton(edition.listingPrice) : OFFER_TEXTS.notListed}</td>
            </tr>
            <tr>
              <th scope="row">{OFFER_TEXTS.floor}</th>
              <td>{terms?.floor ? ton(terms.floor) : OFFER_TEXTS.noFloor}</td>
            </tr>
          </tbody>
        </table>
        <p className="muted accept-sheet__note">{OFFER_TEXTS.acceptNote}</p>
        <Button size="l" stretched loading={pending} onClick={onConfirm}>
          {OFFER_TEXTS.confirmAccept(serial)}
        </Button>
        <Button size="m" mode="plain" stretched disabled={pending} onClick={() => onOpenChange(false)}>
          {OFFER_TEXTS.cancel}
        </Button>
      </div>
    </Modal>
  );
}
