import { queryOptions } from '@tanstack/react-query';
import type { CollectionItem } from '@stickerdrop/shared';
import type { ApiClient } from '../../api/client';

export const collectionQueries = {
  all: () => ['collection'] as const,
  list: (api: ApiClient) =>
    queryOptions({
      queryKey: collectionQueries.all(),
      queryFn: ({ signal }) => api.request<CollectionItem[]>('/api/collection', { signal }),
    }),
};
