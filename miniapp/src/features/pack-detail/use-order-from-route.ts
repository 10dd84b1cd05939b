import { useEffect, useRef } from 'react';
import { useSearchParams } from '../../router';
import type { Order } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { useToast } from '../../toast/ToastProvider';
import { useAuth } from '../auth/AuthProvider';
import type { usePurchase } from '../orders/use-purchase';
import { ordersTexts } from '../orders/messages';
import { paymentsTexts } from '../payments/messages';
import { translate } from '../../i18n/translate';

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order the route names (`order=<id>`), when it names one well-formed. */
export const routeOrderId = (params: URLSearchParams) => {
  const id = params.get('order');
  return id && ORDER_ID.test(id) ? id : null;
};

/**
 * `#/sticker?id=…&order=<id>`: an order reserved for the viewer elsewhere (an accepted offer) opens on the
 * pack page's payment step and is paid like any other. Without `id` (a link that names only the
 * order) the order's pack is opened. The parameter is dropped once read, so a reload does not reopen it.
 */
export function useOrderFromRoute(purchase: ReturnType<typeof usePurchase>): void {
  const api = useApi();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const orderId = routeOrderId(params);
  // Only its buyer may open an order: inside Telegram the sign-in may still be under way at launch.
  const { user, loading } = useAuth();
  const signedIn = user !== null;
  const resume = useRef(purchase.resume);
  resume.current = purchase.resume;

  useEffect(() => {
    if (!orderId || loading) return;
    let cancelled = false;
    let packId: number | null = null;
    const order = signedIn
      ? api.request<{ order: Order }>(`/api/orders/${orderId}`)
      : Promise.reject(new Error(translate(ordersTexts, 'orders.buyRequiresLogin')));
    order
      .then(({ order }) => {
        if (cancelled) return;
        packId = order.stickerId;
        resume.current(order);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        toast.error(
          signedIn
            ? errorText(error, translate(paymentsTexts, 'payments.purchaseFailed'))
            : translate(ordersTexts, 'orders.buyRequiresLogin'),
        );
      })
      .finally(() => {
        if (cancelled) return;
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('order');
            if (!next.has('id') && packId !== null) next.set('id', String(packId));
            return next;
          },
          { replace: true },
        );
      });
    return () => {
      cancelled = true;
    };
  }, [api, orderId, loading, signedIn, setParams, toast]);
}
