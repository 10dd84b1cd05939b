import { queryOptions } from '@tanstack/react-query';
import type { CollectionItem } from '@stickerdrop/shared';
import type { ApiClient } from '../../api/client';
import { PACK_ITEMS_META } from '../packs/cache';

export const collectionQueries = {
  all: () => ['collection'] as const,
  list: (api: ApiClient) =>
    queryOptions({
      queryKey: collectionQueries.all(),
      meta: PACK_ITEMS_META,
      queryFn: ({ signal }) => api.request<CollectionItem[]>('/api/collection', { signal }),
    }),
};
