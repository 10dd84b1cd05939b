import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../router';
import type { Order, PaymentMethod } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { ApiError, errorText } from '../../api/client';
import { useClosingConfirmation } from '../../telegram/closing-confirmation';
import { haptics } from '../../telegram/haptics';
import { offerHomeScreenAfterPurchase } from '../../telegram/home-screen';
import { openExternalUrl, openTelegramUrl } from '../../telegram/links';
import { telegramSdk } from '../../telegram/sdk';
import { useToast } from '../../toast/ToastProvider';
import { useAuth } from '../auth/AuthProvider';
import { collectionQueries } from '../collection/queries';
import { packQueries, statsQueries } from '../packs/queries';
import { profileQueries } from '../profile/queries';
import { orderQueries, ordersApi } from './queries';
import { orderFailure, payWithTonConnect, WalletDismissedError } from '../payments';
import { paymentsTexts } from '../payments/messages';
import { translate } from '../../i18n/translate';
import { ordersTexts } from './messages';
import { resaleApi, resaleQueries } from '../resale/queries';
import { useOpenBoughtGift } from '../gifts/bought-gift';
import { giftsTexts } from '../gifts/messages';

/**
 * idle → creating (POST buy) → awaiting (the rail's step: "Pay (demo)", wallet, checkout, invoice)
 * → confirming (polling the order) → idle with the pack owned. Any failure returns to idle with a toast.
 */
export type PurchasePhase = 'idle' | 'creating' | 'awaiting' | 'paying' | 'confirming';

/** Stars could not be charged: the buyer is told to pay with TON, in the language of the moment. */
const starsDown = () => {
  const text = translate(ordersTexts, 'orders.starsUnavailable');
  return new ApiError(503, text, text);
};

export function usePurchase(packId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const { user } = useAuth();
  const [phase, setPhase] = useState<PurchasePhase>('idle');
  const [order, setOrder] = useState<Order | null>(null);
  // The order just paid for the buyer's own edition, for the page to show the moment of buying it.
  const [paid, setPaid] = useState<Order | null>(null);
  const settled = useRef<string | null>(null);
  // The order bought as a gift: once paid, the buyer goes to the gift's link to share, not to the pack.
  const boughtAsGift = useRef<string | null>(null);
  const openBoughtGift = useOpenBoughtGift();
  // Closing Telegram while a payment is open would leave the buyer not knowing how it ended.
  useClosingConfirmation(phase !== 'idle');

  const polled = useQuery({
    ...orderQueries.detail(api, order?.id ?? ''),
    enabled: phase === 'confirming' && order !== null,
  });

  const fail = useCallback(
    (error: unknown) => {
      haptics.error();
      toast.error(errorText(error, translate(paymentsTexts, 'payments.purchaseFailed')));
      setPhase('idle');
      setOrder(null);
    },
    [toast],
  );

  const succeed = useCallback(
    (paid: Order) => {
      if (settled.current === paid.id) return;
      settled.current = paid.id;
      haptics.success();
      const gift = boughtAsGift.current === paid.id;
      toast.success(gift ? translate(giftsTexts, 'gifts.bought') : translate(ordersTexts, 'orders.success'));
      if (gift) void openBoughtGift(paid);
      else setPaid(paid);
      setPhase('idle');
      setOrder(null);
      // SPEC §7: a purchase invalidates the pack and the user's collection (and the figures it changes).
      void queryClient.invalidateQueries({ queryKey: packQueries.all() });
      void queryClient.invalidateQueries({ queryKey: collectionQueries.all() });
      void queryClient.invalidateQueries({ queryKey: statsQueries.all() });
      void queryClient.invalidateQueries({ queryKey: profileQueries.all() });
      void queryClient.invalidateQueries({ queryKey: resaleQueries.all() });
      void offerHomeScreenAfterPurchase();
    },
    [queryClient, toast, openBoughtGift],
  );

  const follow = useCallback(
    (next: Order) => {
      if (next.status === 'paid') return succeed(next);
      if (next.status !== 'reserved') return fail(orderFailure(next));
      // SPEC §8's "Purchase initiated!": the edition is reserved, the payment step comes next.
      toast.info(translate(ordersTexts, 'orders.initiated'));
      setOrder(next);
      const payment = next.payment;
      if (payment.kind === 'demo') return setPhase('awaiting');
      setPhase('confirming');
      if (payment.kind === 'ton') {
        payWithTonConnect(payment).catch((error: unknown) => {
          if (!(error instanceof WalletDismissedError))
            toast.error(translate(paymentsTexts, 'payments.purchaseFailed'));
        });
      }
      if (payment.kind === 'stripe') openExternalUrl(payment.checkoutUrl);
      if (payment.kind === 'stars') {
        const invoice = telegramSdk()?.invoice;
        if (invoice?.open.isAvailable()) {
          invoice
            .open(payment.invoiceLink, 'url')
            .then((status) => {
              if (status === 'failed') fail(starsDown());
              else if (status === 'cancelled') fail(null);
            })
            .catch((error: unknown) => console.warn('Invoice closed', error));
        } else openTelegramUrl(payment.invoiceLink);
      }
    },
    [succeed, fail, toast],
  );

  useEffect(() => {
    const current = polled.data;
    if (phase !== 'confirming' || !current || current.id !== order?.id) return;
    if (current.status === 'paid') succeed(current);
    else if (current.status !== 'reserved') fail(orderFailure(current));
  }, [phase, polled.data, order?.id, succeed, fail]);

  /** A new edition of the pack, or (with `listingId`) a collector's listed edition; `asGift` to give it. */
  const buy = useCallback(
    async (method: PaymentMethod, listingId?: number, asGift = false) => {
      if (!user) {
        toast.error(translate(ordersTexts, 'orders.buyRequiresLogin'));
        navigate('/login');
        return;
      }
      if (phase !== 'idle') return;
      setPhase('creating');
      try {
        const reserved =
          listingId === undefined
            ? await ordersApi.buy(api, packId, method, asGift)
            : await resaleApi.buy(api, listingId, method, asGift);
        boughtAsGift.current = asGift ? reserved.id : null;
        follow(reserved);
      } catch (error) {
        // Whatever the server's 5xx said, a Stars buyer is better told to pay with TON.
        fail(method === 'stars' && error instanceof ApiError && error.status >= 500 ? starsDown() : error);
      }
    },
    [user, phase, api, packId, follow, fail, toast, navigate],
  );

  const payDemo = useCallback(async () => {
    if (!order || phase !== 'awaiting') return;
    setPhase('paying');
    try {
      const next = await ordersApi.demoPay(api, order.id);
      if (next.status === 'paid') succeed(next);
      else if (next.status === 'reserved') setPhase('confirming');
      else fail(null);
    } catch (error) {
      fail(error);
    }
  }, [api, order, phase, succeed, fail]);

  /** An order reserved elsewhere (an accepted offer): paid from its payment step like any other. */
  const resume = useCallback(
    (reserved: Order) => {
      if (phase !== 'idle') return;
      follow(reserved);
    },
    [phase, follow],
  );

  const cancel = useCallback(() => {
    setPhase('idle');
    setOrder(null);
  }, []);

  return {
    phase,
    order,
    processing: phase !== 'idle' && phase !== 'awaiting',
    paid,
    buy,
    resume,
    payDemo,
    cancel,
  };
}
