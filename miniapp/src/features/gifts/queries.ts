import { queryOptions } from '@tanstack/react-query';
import type { GiftDetail, GiftLink, MyGifts, ShareMessageResponse } from '@stickerdrop/shared';
import type { ApiClient } from '../../api/client';

/** A gift's code: 22 base64url characters (128 random bits), the only codes the API knows. */
export const GIFT_CODE = /^[A-Za-z0-9_-]{22}$/;

export const giftQueries = {
  all: () => ['gifts'] as const,
  detail: (api: ApiClient, code: string) =>
    queryOptions({
      queryKey: [...giftQueries.all(), code],
      queryFn: async ({ signal }) =>
        (await api.request<{ gift: GiftDetail }>(`/api/gifts/${encodeURIComponent(code)}`, { signal })).gift,
    }),
  mine: (api: ApiClient) =>
    queryOptions({
      queryKey: [...giftQueries.all(), 'mine'],
      queryFn: ({ signal }) => api.request<MyGifts>('/api/gifts/mine', { signal }),
    }),
};

export const giftApi = {
  claim: (api: ApiClient, code: string) =>
    api.request<unknown>(`/api/gifts/${encodeURIComponent(code)}/claim`, { method: 'POST' }),
  send: async (api: ApiClient, editionId: number, body: { note?: string; hideSender: boolean }) =>
    (await api.request<{ gift: GiftLink }>(`/api/editions/${editionId}/gift`, { method: 'POST', body })).gift,
  shareMessage: async (api: ApiClient, code: string) =>
    (
      await api.request<ShareMessageResponse>(`/api/gifts/${encodeURIComponent(code)}/share-message`, {
        method: 'POST',
      })
    ).id,
  takeBack: (api: ApiClient, code: string) =>
    api.request<unknown>(`/api/gifts/${encodeURIComponent(code)}`, { method: 'DELETE' }),
};
