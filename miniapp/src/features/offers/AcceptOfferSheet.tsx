import { Button, Modal } from '@telegram-apps/telegram-ui';
import type { Offer } from '@stickerdrop/shared';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { offersTexts } from './messages';
import type { OfferTerms, SellableEdition } from './offer-terms';
import { SheetHeader } from '../../components/SheetHeader';

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
  const t = useT(offersTexts);
  const format = useFormat();
  const ton = (amount: string) => t('offers.price', { price: format.tonAmount(amount) });
  const serial = edition?.serial ?? offer.serial;
  const title = t('offers.sheet.title', { price: format.tonAmount(offer.price), name: offer.bidder.name });
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      className="accept-sheet"
      aria-label={title}
      header={<SheetHeader title={offer.pack.title} />}
    >
      <div className="accept-sheet__body" data-testid="accept-sheet">
        <h2 className="accept-sheet__title">{title}</h2>
        <table className="accept-sheet__terms">
          <tbody>
            <tr>
              <th scope="row">{serial === null ? t('offers.sheet.offer') : t('offers.sheet.offerFor', { serial })}</th>
              <td>{ton(offer.price)}</td>
            </tr>
            {terms ? (
              <tr className="accept-sheet__receive">
                <th scope="row">{t('offers.sheet.youReceive')}</th>
                <td>{ton(terms.receive)}</td>
              </tr>
            ) : null}
            <tr>
              <th scope="row">{t('offers.sheet.yourListing')}</th>
              <td>{edition?.listingPrice ? ton(edition.listingPrice) : t('offers.sheet.notListed')}</td>
            </tr>
            <tr>
              <th scope="row">{t('offers.sheet.floor')}</th>
              <td>{terms?.floor ? ton(terms.floor) : t('offers.sheet.noFloor')}</td>
            </tr>
          </tbody>
        </table>
        <p className="muted accept-sheet__note">{t('offers.sheet.note')}</p>
        <Button size="l" stretched loading={pending} onClick={onConfirm}>
          {serial === null ? t('offers.sheet.confirm') : t('offers.sheet.confirmSerial', { serial })}
        </Button>
        <Button size="m" mode="plain" stretched disabled={pending} onClick={() => onOpenChange(false)}>
          {t('offers.form.cancel')}
        </Button>
      </div>
    </Modal>
  );
}
