import type { AuthResponse, LoginCodeResponse, User } from '@stickerdrop/shared';
import type { ApiClient } from '../../api/client';

/** The auth routes of the API contract, typed with the shared schemas' types. */
export const authApi = {
  me: (api: ApiClient) => api.request<{ user: User }>('/api/auth/me').then((body) => body.user),
  telegram: (api: ApiClient, initData: string) =>
    api.request<AuthResponse>('/api/auth/telegram', { method: 'POST', body: { initData } }),
  demo: (api: ApiClient, as: 'collector' | 'creator') =>
    api.request<AuthResponse>('/api/auth/demo', { method: 'POST', body: { as } }),
  logout: (api: ApiClient, refreshToken: string) =>
    api.request<unknown>('/api/auth/logout', { method: 'POST', body: { refreshToken } }),
  createLoginCode: (api: ApiClient) => api.request<LoginCodeResponse>('/api/auth/login-code', { method: 'POST' }),
  /** 202 while the bot has not confirmed, 200 with the session once it has; 410 (thrown) when expired. */
  checkLoginCode: async (api: ApiClient, code: string): Promise<AuthResponse | null> => {
    const response = await api.raw<AuthResponse | { status: 'pending' }>(
      `/api/auth/login-code/${encodeURIComponent(code)}`,
    );
    return response.status === 200 && 'tokens' in response.data ? response.data : null;
  },
};
