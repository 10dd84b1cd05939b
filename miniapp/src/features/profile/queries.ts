import { queryOptions } from '@tanstack/react-query';
import type { Profile } from '@stickerdrop/shared';
import type { ApiClient } from '../../api/client';

export const profileQueries = {
  all: () => ['profile'] as const,
  detail: (api: ApiClient) =>
    queryOptions({
      queryKey: profileQueries.all(),
      queryFn: ({ signal }) => api.request<Profile>('/api/users/profile', { signal }),
    }),
};
