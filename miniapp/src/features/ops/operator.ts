import { useQuery } from '@tanstack/react-query';
import type { User } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { useAuth } from '../auth/AuthProvider';

/**
 * Whether the signed-in person is one of the marketplace's operators, as `GET /api/auth/me` says: the desk's
 * link and screen ask this before anything of `/api/ops` is called. Pending while it is being asked.
 */
export function useOperator(): { pending: boolean; isOperator: boolean } {
  const api = useApi();
  const { user } = useAuth();
  const me = useQuery({
    queryKey: ['auth', 'operator', user?.id ?? null],
    queryFn: ({ signal }) => api.request<{ user: User; isOperator?: boolean }>('/api/auth/me', { signal }),
    enabled: Boolean(user),
    staleTime: 60_000,
  });
  return { pending: Boolean(user) && me.isPending, isOperator: me.data?.isOperator === true };
}
