import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Modal } from '@telegram-apps/telegram-ui';
import { RESALE_ERRORS, errorTextIn } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { useAuth } from '../auth/AuthProvider';
import { packQueries } from '../packs/queries';
import { LinkWalletButton } from '../payments/LinkWalletButton';
import { SplitTable } from './SplitTable';
import { resaleTexts } from './messages';
import { useListingActions } from './use-listing-actions';
import { SheetHeader } from '../../components/SheetHeader';

/** The edition a sheet sells: from a collection card or from the edition page. */
export interface SellTarget {
  editionId: number;
  serial: number;
  packId: number;
  /** The current listing's price; null when not listed. */
  listedPrice: string | null;
}

/**
 * Selling in telegram-ui's Modal (a bottom sheet, full width on a phone): the price with the floor and the
 * last sale as hints under it (not as a placeholder, which looks typed), the split as a table in TON, and, without a wallet, linking one in the same sheet, so
 * the price typed stays.
 */
export function SellSheet({
  target,
  open,
  onOpenChange,
}: {
  target: SellTarget;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const api = useApi();
  const { user } = useAuth();
  const pack = useQuery({ ...packQueries.detail(api, target.packId), enabled: open });
  const [price, setPrice] = useState(target.listedPrice ?? '');
  const listed = target.listedPrice !== null;
  const { list } = useListingActions(target.editionId, listed, () => onOpenChange(false));
  const t = useT(resaleTexts);
  const format = useFormat();
  const title = t(listed ? 'resale.sell.changePriceOf' : 'resale.sell.sellEdition', { serial: String(target.serial) });
  const floor = pack.data?.floorPrice;
  const lastSale = pack.data?.lastSale;

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      className="sell-sheet"
      aria-label={title}
      header={<SheetHeader title={pack.data?.title ?? ''} />}
    >
      <form
        className="sell-sheet__body"
        onSubmit={(event) => {
          event.preventDefault();
          list.mutate(price);
        }}
      >
        <h2 className="sell-sheet__title">{title}</h2>
        <Input
          header={t('resale.sell.price')}
          aria-label={t('resale.sell.priceLabel')}
          inputMode="decimal"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
        />
        <p className="muted sell-sheet__hints" data-testid="sell-hints">
          <span>{floor ? t('resale.sell.floor', { price: format.ton(floor) }) : t('resale.sell.floorNone')}</span>
          <span>
            {lastSale
              ? t('resale.sell.lastSale', { price: format.ton(lastSale.price) })
              : t('resale.sell.lastSaleNone')}
          </span>
        </p>
        <SplitTable price={price} royaltyBps={pack.data?.royaltyBps} />
        {user?.walletAddress ? (
          <Button type="submit" size="l" stretched loading={list.isPending}>
            {t(listed ? 'resale.sell.save' : 'resale.sell.list')}
          </Button>
        ) : (
          <div className="sell-sheet__wallet" data-testid="sell-wallet">
            <p>
              {t('resale.sell.walletRequired', {
                reason: errorTextIn(format.language, RESALE_ERRORS.walletRequired),
              })}
            </p>
            <LinkWalletButton />
          </div>
        )}
      </form>
    </Modal>
  );
}
