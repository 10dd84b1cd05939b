import { queryOptions } from '@tanstack/react-query';
import type { StudioPack, StudioPackUpdate, StudioResponse, StudioWithdrawal } from '@stickerdrop/shared';
import type { ApiClient } from '../../api/client';

export const studioQueries = {
  all: () => ['studio'] as const,
  overview: (api: ApiClient) =>
    queryOptions({
      queryKey: studioQueries.all(),
      queryFn: ({ signal }) => api.request<StudioResponse>('/api/studio', { signal }),
    }),
};

export const studioApi = {
  update: (api: ApiClient, packId: number, body: StudioPackUpdate) =>
    api
      .request<{ pack: StudioPack }>(`/api/studio/packs/${packId}`, { method: 'PATCH', body: { ...body } })
      .then((result) => result.pack),
  withdraw: (api: ApiClient) => api.request<StudioWithdrawal>('/api/studio/payouts', { method: 'POST' }),
  salesCsv: (api: ApiClient) => api.request<Blob>('/api/studio/sales.csv', { responseType: 'blob' }),
};
