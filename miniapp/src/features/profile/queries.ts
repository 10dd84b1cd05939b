import { queryOptions } from '@tanstack/react-query';
import type { Profile } from '@stickerdrop/shared';
import type { ApiClient } from '../../api/client';
import { authApi } from '../auth/auth-api';

export const profileQueries = {
  all: () => ['profile'] as const,
  detail: (api: ApiClient) =>
    queryOptions({
      queryKey: profileQueries.all(),
      queryFn: ({ signal }) => api.request<Profile>('/api/users/profile', { signal }),
    }),
};

export const sessionQueries = {
  all: () => ['sessions'] as const,
  list: (api: ApiClient) =>
    queryOptions({
      queryKey: sessionQueries.all(),
      queryFn: ({ signal }) => authApi.sessions(api, signal),
    }),
};
