import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { GiftDetail, Order } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { useNavigate } from '../../router';
import { giftQueries } from './queries';

/** The pending gift a paid order bought: the listing's edition, or the new edition's pack and serial. */
export function giftOfOrder(sent: readonly GiftDetail[], order: Order): GiftDetail | undefined {
  return sent.find(
    (gift) =>
      gift.state === 'pending' &&
      (order.editionId !== undefined
        ? gift.editionId === order.editionId
        : gift.pack.id === order.stickerId && gift.serial === order.edition),
  );
}

/**
 * After paying for a gift: its own screen, where the link is shared; the Gifts tab when it cannot be
 * found (the list failed to load), where it waits among the sent ones.
 */
export function useOpenBoughtGift(): (paid: Order) => Promise<void> {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (paid: Order) => {
      const mine = await queryClient.fetchQuery({ ...giftQueries.mine(api), staleTime: 0 }).catch(() => null);
      const gift = mine ? giftOfOrder(mine.sent, paid) : undefined;
      navigate(gift ? `/gift?code=${gift.code}` : '/collection?tab=gifts');
    },
    [api, queryClient, navigate],
  );
}
