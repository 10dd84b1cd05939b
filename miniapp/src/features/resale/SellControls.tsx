import { useState } from 'react';
import { Button } from '@telegram-apps/telegram-ui';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { LockDateText, lockDateIn } from './LockDateText';
import { resaleTexts } from './messages';
import { SellSheet, type SellTarget } from './SellSheet';
import { useListingActions } from './use-listing-actions';

/** Sell, Change price or Cancel listing for one owned edition (a collection card, the edition page). */
export function SellControls({ target, resellableFrom }: { target: SellTarget; resellableFrom: string | null }) {
  const [open, setOpen] = useState(false);
  const { delist } = useListingActions(target.editionId, target.listedPrice !== null);
  const t = useT(resaleTexts);
  const format = useFormat();
  const serial = String(target.serial);
  if (resellableFrom && target.listedPrice === null) {
    // Paid in Stars and still refundable: the API would refuse a listing, so no Sell button until then.
    const date = lockDateIn(format, resellableFrom);
    return (
      <div className="sell-controls">
        <span className="sell-controls__locked muted">
          <LockDateText text={t('resale.resellableFrom', { date })} date={date} at={resellableFrom} />
        </span>
      </div>
    );
  }
  return (
    <div className="sell-controls">
      {target.listedPrice !== null ? (
        <>
          <span className="sell-controls__listed">
            {t('resale.sell.listedAt', { price: format.ton(target.listedPrice) })}
          </span>
          <Button
            size="s"
            mode="bezeled"
            aria-label={t('resale.sell.changePriceOf', { serial })}
            onClick={() => setOpen(true)}
          >
            {t('resale.sell.changePrice')}
          </Button>
          <Button size="s" mode="plain" loading={delist.isPending} onClick={() => delist.mutate()}>
            {t('resale.sell.cancelListing')}
          </Button>
        </>
      ) : (
        <Button
          size="s"
          mode="bezeled"
          aria-label={t('resale.sell.sellEdition', { serial })}
          onClick={() => setOpen(true)}
        >
          {t('resale.sell.sell')}
        </Button>
      )}
      {/* Mounted only while open: each opening starts from the current listing's price. */}
      {open ? <SellSheet target={target} open onOpenChange={setOpen} /> : null}
    </div>
  );
}
