import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input } from '@telegram-apps/telegram-ui';
import {
  CURRENCY,
  DEFAULT_MARKET_FEE_BPS,
  MESSAGES,
  RESALE_ERRORS,
  STARS_LOCK_TEXTS,
  formatTon,
  parsePrice,
  splitResalePrice,
  type CollectionItem,
} from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { haptics } from '../../telegram/haptics';
import { useToast } from '../../toast/ToastProvider';
import { useAuth } from '../auth/AuthProvider';
import { configQueries } from '../config/queries';
import { PACK_ITEMS_META } from '../packs/cache';
import { packQueries } from '../packs/queries';
import { LinkWalletButton } from '../payments/LinkWalletButton';
import { LockDateText } from './LockDateText';
import { resaleApi, resaleQueries } from './queries';

/** Collection: Sell, Change price or Cancel listing for one owned edition. */
export function SellControls({ item }: { item: CollectionItem }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  const [price, setPrice] = useState(item.listing?.price ?? '');
  // The collection marks its list with PACK_ITEMS_META, so it refreshes without resale reaching into it.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ predicate: (query) => query.meta?.packItems === PACK_ITEMS_META.packItems }),
      ...[packQueries.all(), resaleQueries.all()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
  const onError = (error: unknown) => {
    haptics.error();
    toast.error(errorText(error, MESSAGES.purchaseFailed));
  };
  const list = useMutation({
    mutationFn: () => resaleApi.list(api, item.editionId, price),
    onSuccess: async () => {
      haptics.success();
      toast.success(item.listing ? 'Price changed' : 'Listed for sale');
      setEditing(false);
      await refresh();
    },
    onError,
  });
  const delist = useMutation({
    mutationFn: () => resaleApi.delist(api, item.editionId),
    onSuccess: async () => {
      toast.success('Listing cancelled');
      await refresh();
    },
    onError,
  });

  const label = `edition #${item.serial}`;
  if (item.resellableFrom && !item.listing) {
    // Paid in Stars and still refundable: the API would refuse a listing, so no Sell button until then.
    return (
      <div className="sell-controls">
        <span className="sell-controls__locked muted">
          <LockDateText text={STARS_LOCK_TEXTS.resellableFrom(item.resellableFrom)} at={item.resellableFrom} />
        </span>
      </div>
    );
  }
  if (!editing) {
    return (
      <div className="sell-controls">
        {item.listing ? (
          <>
            <span className="sell-controls__listed">
              Listed at {item.listing.price} {CURRENCY}
            </span>
            <Button size="s" mode="bezeled" aria-label={`Change price of ${label}`} onClick={() => setEditing(true)}>
              Change price
            </Button>
            <Button size="s" mode="plain" loading={delist.isPending} onClick={() => delist.mutate()}>
              Cancel listing
            </Button>
          </>
        ) : (
          <Button size="s" mode="bezeled" aria-label={`Sell ${label}`} onClick={() => setEditing(true)}>
            Sell
          </Button>
        )}
      </div>
    );
  }
  if (!user?.walletAddress) {
    return (
      <div className="sell-controls sell-controls--form">
        <p className="muted">{RESALE_ERRORS.walletRequired}: your share is paid straight to it.</p>
        <LinkWalletButton />
        <Button size="s" mode="plain" onClick={() => setEditing(false)}>
          Back
        </Button>
      </div>
    );
  }
  return (
    <form
      className="sell-controls sell-controls--form"
      onSubmit={(event) => {
        event.preventDefault();
        list.mutate();
      }}
    >
      <Input
        header={`Price (${CURRENCY})`}
        aria-label="Resale price"
        inputMode="decimal"
        value={price}
        onChange={(event) => setPrice(event.target.value)}
        placeholder={item.floorPrice ?? item.price}
      />
      <SplitPreview packId={item.id} price={price} floorPrice={item.floorPrice} />
      <Button type="submit" size="s" loading={list.isPending}>
        {item.listing ? 'Save price' : 'List for sale'}
      </Button>
      <Button type="button" size="s" mode="plain" onClick={() => setEditing(false)}>
        Cancel
      </Button>
    </form>
  );
}

/** The hints (floor, last sale) and, as the seller types, what each party gets: the API's own split. */
function SplitPreview({ packId, price, floorPrice }: { packId: number; price: string; floorPrice: string | null }) {
  const api = useApi();
  const pack = useQuery(packQueries.detail(api, packId));
  const config = useQuery(configQueries.detail(api));
  const nano = parsePrice(price);
  const royaltyBps = pack.data?.royaltyBps;
  const split =
    nano !== null && royaltyBps !== undefined
      ? splitResalePrice(nano, royaltyBps, config.data?.marketFeeBps ?? DEFAULT_MARKET_FEE_BPS)
      : null;
  const lastSale = pack.data?.lastSale;
  return (
    <div className="split-preview">
      <p className="muted">
        Floor {floorPrice ? `${floorPrice} ${CURRENCY}` : '—'} · Last sale{' '}
        {lastSale ? `${lastSale.price} ${CURRENCY}` : '—'}
      </p>
      <p aria-live="polite" data-testid="split-preview">
        {split
          ? `You receive ${formatTon(split.seller)} · creator royalty ${formatTon(split.royalty)} · fee ${formatTon(split.fee)}`
          : price
            ? MESSAGES.priceInvalid
            : 'Enter a price to see your share'}
      </p>
    </div>
  );
}
