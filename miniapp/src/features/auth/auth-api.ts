import type { AuthResponse, LoginCodeResponse, SessionsResponse, User } from '@stickerdrop/shared';
import type { ApiClient } from '../../api/client';
import { activeLanguage } from '../../i18n/i18n';

/** The auth routes of the API contract, typed with the shared schemas' types. */
export const authApi = {
  me: (api: ApiClient) => api.request<{ user: User }>('/api/auth/me').then((body) => body.user),
  telegram: (api: ApiClient, initData: string) =>
    api.request<AuthResponse>('/api/auth/telegram', { method: 'POST', body: { initData } }),
  /** `language`: the one shown now, kept as the new account's first choice (a stored one is never replaced). */
  demo: (api: ApiClient, as: 'collector' | 'creator') =>
    api.request<AuthResponse>('/api/auth/demo', { method: 'POST', body: { as, language: activeLanguage() } }),
  /** 204, no body. */
  logout: (api: ApiClient, refreshToken: string) =>
    api.request<unknown>('/api/auth/logout', { method: 'POST', body: { refreshToken } }),
  sessions: (api: ApiClient, signal?: AbortSignal) =>
    api.request<SessionsResponse>('/api/auth/sessions', { signal }).then((body) => body.sessions),
  /** 204: that session's refresh fails from now on. */
  signOutSession: (api: ApiClient, id: string) =>
    api.request<unknown>(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  createLoginCode: (api: ApiClient) => api.request<LoginCodeResponse>('/api/auth/login-code', { method: 'POST' }),
  /** 202 while the bot has not confirmed, 200 with the session once it has; 410 (thrown) when expired. */
  checkLoginCode: async (api: ApiClient, code: string): Promise<AuthResponse | null> => {
    const response = await api.raw<AuthResponse | { status: 'pending' }>(
      `/api/auth/login-code/${encodeURIComponent(code)}`,
    );
    return response.status === 200 && 'tokens' in response.data ? response.data : null;
  },
};
