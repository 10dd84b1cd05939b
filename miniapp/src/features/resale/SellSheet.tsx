import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Modal } from '@telegram-apps/telegram-ui';
import { CURRENCY, RESALE_ERRORS } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { useAuth } from '../auth/AuthProvider';
import { packQueries } from '../packs/queries';
import { LinkWalletButton } from '../payments/LinkWalletButton';
import { SplitTable } from './SplitTable';
import { useListingActions } from './use-listing-actions';

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
 * last sale as hints, the split as a table in TON, and, without a wallet, linking one in the same sheet, so
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
  const title = `${listed ? 'Change price of' : 'Sell'} edition #${target.serial}`;
  const floor = pack.data?.floorPrice;
  const lastSale = pack.data?.lastSale;

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      className="sell-sheet"
      aria-label={title}
      header={<Modal.Header>{pack.data ? pack.data.title : ''}</Modal.Header>}
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
          header={`Price (${CURRENCY})`}
          aria-label="Resale price"
          inputMode="decimal"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          placeholder={floor ?? pack.data?.price ?? ''}
        />
        <p className="muted sell-sheet__hints" data-testid="sell-hints">
          <span>Floor: {floor ? `${floor} ${CURRENCY}` : 'none listed'}</span>
          <span>Last sale: {lastSale ? `${lastSale.price} ${CURRENCY}` : 'none yet'}</span>
        </p>
        <SplitTable price={price} royaltyBps={pack.data?.royaltyBps} />
        {user?.walletAddress ? (
          <Button type="submit" size="l" stretched loading={list.isPending}>
            {listed ? 'Save price' : 'List for sale'}
          </Button>
        ) : (
          <div className="sell-sheet__wallet" data-testid="sell-wallet">
            <p>{RESALE_ERRORS.walletRequired}: your share is paid straight to it.</p>
            <LinkWalletButton />
          </div>
        )}
      </form>
    </Modal>
  );
}
