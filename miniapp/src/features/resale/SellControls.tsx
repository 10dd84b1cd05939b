import { useState } from 'react';
import { Button } from '@telegram-apps/telegram-ui';
import { CURRENCY, STARS_LOCK_TEXTS } from '@stickerdrop/shared';
import { LockDateText } from './LockDateText';
import { SellSheet, type SellTarget } from './SellSheet';
import { useListingActions } from './use-listing-actions';

/** Sell, Change price or Cancel listing for one owned edition (a collection card, the edition page). */
export function SellControls({ target, resellableFrom }: { target: SellTarget; resellableFrom: string | null }) {
  const [open, setOpen] = useState(false);
  const { delist } = useListingActions(target.editionId, target.listedPrice !== null);
  const label = `edition #${target.serial}`;
  if (resellableFrom && target.listedPrice === null) {
    // Paid in Stars and still refundable: the API would refuse a listing, so no Sell button until then.
    return (
      <div className="sell-controls">
        <span className="sell-controls__locked muted">
          <LockDateText text={STARS_LOCK_TEXTS.resellableFrom(resellableFrom)} at={resellableFrom} />
        </span>
      </div>
    );
  }
  return (
    <div className="sell-controls">
      {target.listedPrice !== null ? (
        <>
          <span className="sell-controls__listed">
            Listed at {target.listedPrice} {CURRENCY}
          </span>
          <Button size="s" mode="bezeled" aria-label={`Change price of ${label}`} onClick={() => setOpen(true)}>
            Change price
          </Button>
          <Button size="s" mode="plain" loading={delist.isPending} onClick={() => delist.mutate()}>
            Cancel listing
          </Button>
        </>
      ) : (
        <Button size="s" mode="bezeled" aria-label={`Sell ${label}`} onClick={() => setOpen(true)}>
          Sell
        </Button>
      )}
      {/* Mounted only while open: each opening starts from the current listing's price. */}
      {open ? <SellSheet target={target} open onOpenChange={setOpen} /> : null}
    </div>
  );
}
