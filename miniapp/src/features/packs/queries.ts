import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  DEFAULT_PAGE_SIZE,
  PACKS_CACHE_MS,
  STATS_CACHE_MS,
  TRENDING_CACHE_MS,
  TRENDING_LIMIT,
  type MarketplaceStats,
  type PackCard,
  type PackDetail,
  type PackListResponse,
} from '@stickerdrop/shared';
import type { ApiClient } from '../../api/client';
import { packListQuery, type PackListFilters } from './list-query';

/** Hierarchical keys: invalidating ['packs'] refreshes every list and detail at once. */
export const packQueries = {
  all: () => ['packs'] as const,
  trending: (api: ApiClient, limit: number = TRENDING_LIMIT) =>
    queryOptions({
      queryKey: [...packQueries.all(), 'trending', limit] as const,
      queryFn: ({ signal }) => api.request<PackCard[]>('/api/stickers/trending/list', { query: { limit }, signal }),
      staleTime: TRENDING_CACHE_MS,
    }),
  lists: () => [...packQueries.all(), 'list'] as const,
  list: (api: ApiClient, filters: PackListFilters) =>
    infiniteQueryOptions({
      queryKey: [...packQueries.lists(), filters] as const,
      queryFn: ({ pageParam, signal }) =>
        api.request<PackListResponse>('/api/stickers', {
          query: packListQuery(filters, DEFAULT_PAGE_SIZE, pageParam ?? undefined),
          signal,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      staleTime: PACKS_CACHE_MS,
    }),
  /** The first few packs of a list, for a shelf on Home (one page, no more to load). */
  shelf: (api: ApiClient, filters: PackListFilters, limit: number) =>
    queryOptions({
      queryKey: [...packQueries.lists(), 'shelf', filters, limit] as const,
      queryFn: async ({ signal }) =>
        (await api.request<PackListResponse>('/api/stickers', { query: packListQuery(filters, limit), signal })).items,
      staleTime: PACKS_CACHE_MS,
    }),
  details: () => [...packQueries.all(), 'detail'] as const,
  detailKey: (id: number) => [...packQueries.details(), id] as const,
  detail: (api: ApiClient, id: number) =>
    queryOptions({
      queryKey: packQueries.detailKey(id),
      queryFn: ({ signal }) => api.request<PackDetail>(`/api/stickers/${id}`, { signal }),
      staleTime: PACKS_CACHE_MS,
    }),
};

export const statsQueries = {
  all: () => ['stats'] as const,
  marketplace: (api: ApiClient) =>
    queryOptions({
      queryKey: statsQueries.all(),
      queryFn: ({ signal }) => api.request<MarketplaceStats>('/api/marketplace/stats', { signal }),
      staleTime: STATS_CACHE_MS,
    }),
};
