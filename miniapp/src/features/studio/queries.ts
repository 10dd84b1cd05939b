import { queryOptions } from '@tanstack/react-query';
import type { StudioPack, StudioPackUpdate, StudioResponse } from '@stickerdrop/shared';
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
  salesCsv: (api: ApiClient) => api.request<Blob>('/api/studio/sales.csv', { responseType: 'blob' }),
};
