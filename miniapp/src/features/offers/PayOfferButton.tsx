import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@telegram-apps/telegram-ui';
import { CURRENCY, MESSAGES, type Order } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { useToast } from '../../toast/ToastProvider';
import { PaymentStep } from '../orders/PaymentStep';
import { usePurchase } from '../orders/use-purchase';
import { offerQueries } from './queries';
import type { Offer } from './types';

/**
 * An accepted offer's Pay: opens the resale order the owner's acceptance reserved for the bidder and pays
 * it on its rail, through the same purchase flow (and payment step) as buying a listing.
 */
export function PayOfferButton({ offer }: { offer: Offer & { orderId: string } }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const purchase = usePurchase(offer.packId);
  const [opening, setOpening] = useState(false);
  const wasActive = useRef(false);

  // Back to idle after a payment step: paid or failed, the offer's status has moved on.
  useEffect(() => {
    if (purchase.phase !== 'idle') wasActive.current = true;
    else if (wasActive.current) {
      wasActive.current = false;
      void queryClient.invalidateQueries({ queryKey: offerQueries.all() });
    }
  }, [purchase.phase, queryClient]);

  const open = async () => {
    setOpening(true);
    try {
      const { order } = await api.request<{ order: Order }>(`/api/orders/${offer.orderId}`);
      purchase.resume(order);
    } catch (error) {
      toast.error(errorText(error, MESSAGES.purchaseFailed));
    } finally {
      setOpening(false);
    }
  };

  if (purchase.order && purchase.phase !== 'idle') {
    return (
      <PaymentStep
        order={purchase.order}
        phase={purchase.phase}
        showButton
        onPayDemo={() => void purchase.payDemo()}
        onCancel={purchase.cancel}
      />
    );
  }
  return (
    <Button size="s" loading={opening || purchase.processing} onClick={() => void open()}>
      Pay · {offer.price} {CURRENCY}
    </Button>
  );
}
