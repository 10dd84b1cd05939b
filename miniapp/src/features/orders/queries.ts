import { queryOptions } from '@tanstack/react-query';
import type { Order } from '@stickerdrop/shared';
import type { ApiClient } from '../../api/client';

const POLL_MS = 1_500;

export const orderQueries = {
  all: () => ['orders'] as const,
  /** Polled while the order waits for its payment; stops once it is settled either way. */
  detail: (api: ApiClient, id: string) =>
    queryOptions({
      queryKey: [...orderQueries.all(), id] as const,
      queryFn: ({ signal }) =>
        api.request<{ order: Order }>(`/api/orders/${id}`, { signal }).then((body) => body.order),
      staleTime: 0,
      refetchInterval: (query) => (query.state.data?.status === 'reserved' ? POLL_MS : false),
      refetchIntervalInBackground: true,
    }),
};

export const ordersApi = {
  /** `asGift`: once paid, the edition is the buyer's pending gift (sent only when asked, as the API's default). */
  buy: (api: ApiClient, stickerId: number, paymentMethod: string, asGift = false) =>
    api
      .request<{ order: Order }>('/api/marketplace/buy', {
        method: 'POST',
        body: { stickerId, paymentMethod, ...(asGift && { asGift }) },
      })
      .then((body) => body.order),
  demoPay: (api: ApiClient, id: string) =>
    api.request<{ order: Order }>(`/api/orders/${id}/demo-pay`, { method: 'POST' }).then((body) => body.order),
};
