import { queryOptions } from '@tanstack/react-query';
import type { CollectionWorth } from '@stickerdrop/shared';
import type { ApiClient } from '../../api/client';

export const worthQueries = {
  /**
   * Under the collection's query key ('collection'), so whatever refreshes the collection (a purchase, a
   * sale, a gift) refreshes its worth too.
   */
  collection: (api: ApiClient) =>
    queryOptions({
      queryKey: ['collection', 'worth'],
      queryFn: ({ signal }) => api.request<CollectionWorth>('/api/collection/worth', { signal }),
    }),
};
