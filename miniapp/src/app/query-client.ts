import { QueryClient } from '@tanstack/react-query';
import { PACKS_CACHE_MS, QUERY_RETRY } from '@stickerdrop/shared';
import { ApiError } from '../api/client';

/** SPEC §7: packs cached 5 minutes (stats override with 10), one retry, no refetch on window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: PACKS_CACHE_MS,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change on a second try; a network or server failure might.
        retry: (failures, error) =>
          failures < QUERY_RETRY && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
