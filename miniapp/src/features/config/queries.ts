import { queryOptions } from '@tanstack/react-query';
import type { ClientConfig } from '@stickerdrop/shared';
import type { ApiClient } from '../../api/client';

/** What this API offers (demo mode, bot, payment rails); fixed for the life of the page. */
export const configQueries = {
  all: () => ['config'] as const,
  detail: (api: ApiClient) =>
    queryOptions({
      queryKey: configQueries.all(),
      queryFn: ({ signal }) => api.request<ClientConfig>('/api/config', { signal }),
      staleTime: Infinity,
    }),
};
