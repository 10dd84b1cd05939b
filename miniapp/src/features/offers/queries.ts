import { queryOptions } from '@tanstack/react-query';
import type { MyOffers, Offer, Order, PackOffers } from '@stickerdrop/shared';
import type { ApiClient } from '../../api/client';

/** Every offers read under ['offers']: any change to an offer refreshes them all. */
export const offerQueries = {
  all: () => ['offers'] as const,
  pack: (api: ApiClient, packId: number) =>
    queryOptions({
      queryKey: [...offerQueries.all(), 'pack', packId] as const,
      queryFn: ({ signal }) => api.request<PackOffers>(`/api/stickers/${packId}/offers`, { signal }),
      // Offers come and go by the minute (and expire): never shown from an old cache.
      staleTime: 0,
    }),
  mine: (api: ApiClient) =>
    queryOptions({
      queryKey: [...offerQueries.all(), 'mine'] as const,
      queryFn: ({ signal }) => api.request<MyOffers>('/api/offers/mine', { signal }),
      staleTime: 0,
    }),
};

/** An offer on one edition, or on any edition of a pack. */
export type OfferTarget = { editionId: number } | { packId: number };

export const offersApi = {
  make: (api: ApiClient, target: OfferTarget, price: string, expiresInHours: number) =>
    api.raw<{ offer: Offer }>('/api/offers', { method: 'POST', body: { ...target, price, expiresInHours } }),
  withdraw: (api: ApiClient, id: number) => api.request<void>(`/api/offers/${id}`, { method: 'DELETE' }),
  decline: (api: ApiClient, id: number) => api.request<void>(`/api/offers/${id}/decline`, { method: 'POST' }),
  accept: (api: ApiClient, id: number, editionId: number | undefined) =>
    api
      .request<{ order: Order }>(`/api/offers/${id}/accept`, {
        method: 'POST',
        body: editionId === undefined ? {} : { editionId },
      })
      .then((body) => body.order),
};
