import { queryOptions } from '@tanstack/react-query';
import type { ActivityPage, EditionDetail, Listing, Order, PackListings, PriceHistory } from '@stickerdrop/shared';
import type { ApiClient } from '../../api/client';

/** The resale reads; all under ['resale'] so a sale refreshes every one of them at once. */
export const resaleQueries = {
  all: () => ['resale'] as const,
  listings: (api: ApiClient, packId: number) =>
    queryOptions({
      queryKey: [...resaleQueries.all(), 'listings', packId] as const,
      queryFn: ({ signal }) => api.request<PackListings>(`/api/stickers/${packId}/listings`, { signal }),
    }),
  activity: (api: ApiClient, packId: number) =>
    queryOptions({
      queryKey: [...resaleQueries.all(), 'activity', packId] as const,
      queryFn: ({ signal }) => api.request<ActivityPage>(`/api/stickers/${packId}/activity`, { signal }),
    }),
  priceHistory: (api: ApiClient, packId: number) =>
    queryOptions({
      queryKey: [...resaleQueries.all(), 'price-history', packId] as const,
      queryFn: ({ signal }) =>
        api.request<PriceHistory>(`/api/stickers/${packId}/price-history`, { query: { days: 30 }, signal }),
    }),
  edition: (api: ApiClient, editionId: number) =>
    queryOptions({
      queryKey: [...resaleQueries.all(), 'edition', editionId] as const,
      queryFn: ({ signal }) => api.request<EditionDetail>(`/api/editions/${editionId}`, { signal }),
    }),
};

export const resaleApi = {
  list: (api: ApiClient, editionId: number, price: string) =>
    api
      .request<{ listing: Listing }>(`/api/editions/${editionId}/listing`, { method: 'POST', body: { price } })
      .then((body) => body.listing),
  delist: (api: ApiClient, editionId: number) =>
    api.request<void>(`/api/editions/${editionId}/listing`, { method: 'DELETE' }),
  buy: (api: ApiClient, listingId: number, paymentMethod: string, asGift = false) =>
    api
      .request<{ order: Order }>('/api/marketplace/buy', {
        method: 'POST',
        body: { listingId, paymentMethod, ...(asGift && { asGift }) },
      })
      .then((body) => body.order),
};
