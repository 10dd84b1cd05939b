import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MESSAGES, type Order } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { useToast } from '../../toast/ToastProvider';
import type { usePurchase } from '../orders/use-purchase';

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `#/sticker?id=…&order=<id>`: an order reserved for the viewer elsewhere (an accepted offer) opens on the
 * pack page's payment step and is paid like any other. The parameter is dropped once read, so a reload
 * does not open it again.
 */
export function useOrderFromRoute(purchase: ReturnType<typeof usePurchase>): void {
  const api = useApi();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const orderId = params.get('order');
  const resume = useRef(purchase.resume);
  resume.current = purchase.resume;

  useEffect(() => {
    if (!orderId || !ORDER_ID.test(orderId)) return;
    let cancelled = false;
    api
      .request<{ order: Order }>(`/api/orders/${orderId}`)
      .then(({ order }) => {
        if (!cancelled) resume.current(order);
      })
      .catch((error: unknown) => {
        if (!cancelled) toast.error(errorText(error, MESSAGES.purchaseFailed));
      })
      .finally(() => {
        if (cancelled) return;
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('order');
            return next;
          },
          { replace: true },
        );
      });
    return () => {
      cancelled = true;
    };
  }, [api, orderId, setParams, toast]);
}
