import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@stickerdrop/shared';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import { ApiError, createApiClient, errorText } from '../../src/api/client';
import { localTokenStore } from '../../src/api/token-store';
import { fakeApi, json } from '../support/fake-api';

function setup(tokens: { access?: string; refresh?: string } = {}) {
  if (tokens.access) localStorage.setItem(STORAGE_KEYS.accessToken, tokens.access);
  if (tokens.refresh) localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refresh);
  const store = localTokenStore(localStorage);
  const onSessionExpired = vi.fn();
  const api = createApiClient({ baseUrl: 'http://api.test', tokens: store, onSessionExpired });
  return { api, store, onSessionExpired };
}

describe('api client', () => {
  it('sends the stored access token as a bearer header', async () => {
    const { calls } = fakeApi({ 'GET /api/auth/me': () => json({ user: { id: 1 } }) });
    const { api } = setup({ access: 'a1' });
    await api.request('/api/auth/me');
    expect(calls[0]?.authorization).toBe('Bearer a1');
  });

  it('sends no authorization header when signed out', async () => {
    const { calls } = fakeApi({ 'GET /api/stickers': () => json({ items: [], nextCursor: null }) });
    const { api } = setup();
    await api.request('/api/stickers');
    expect(calls[0]?.authorization).toBeNull();
  });

  it('on a 401 refreshes once, stores both rotated tokens and retries with the new access token', async () => {
    const { calls } = fakeApi({
      'GET /api/collection': ({ headers }) =>
        headers.get('authorization') === 'Bearer a2'
          ? json([{ id: 5 }])
          : json({ error: 'Invalid or expired token' }, 401),
      'POST /api/auth/refresh': () => json({ accessToken: 'a2', refreshToken: 'r2' }),
    });
    const { api, store } = setup({ access: 'a1', refresh: 'r1' });
    await expect(api.request('/api/collection')).resolves.toEqual([{ id: 5 }]);
    expect(calls.map((call) => call.path)).toEqual(['/api/collection', '/api/auth/refresh', '/api/collection']);
    expect(calls[1]?.body).toEqual({ refreshToken: 'r1' });
    expect(store.access()).toBe('a2');
    expect(await store.refresh()).toBe('r2');
  });

  it('shares one refresh between concurrent 401s (a rotated token may be used once)', async () => {
    const { calls } = fakeApi({
      'GET /api/collection': ({ headers }) =>
        headers.get('authorization') === 'Bearer a2' ? json([]) : json({ error: 'expired' }, 401),
      'POST /api/auth/refresh': () => json({ accessToken: 'a2', refreshToken: 'r2' }),
    });
    const { api } = setup({ access: 'a1', refresh: 'r1' });
    await Promise.all([api.request('/api/collection'), api.request('/api/collection')]);
    expect(calls.filter((call) => call.path === '/api/auth/refresh')).toHaveLength(1);
  });

  it('retries a 401 that comes back after another request refreshed with the new token, refreshing once', async () => {
    let refreshDone!: () => void;
    const afterRefresh = new Promise<void>((resolve) => (refreshDone = resolve));
    const { calls } = fakeApi({
      'GET /api/collection': ({ headers }) =>
        headers.get('authorization') === 'Bearer a2' ? json([]) : json({ error: 'expired' }, 401),
      'GET /api/auth/me': async ({ headers }) => {
        if (headers.get('authorization') === 'Bearer a2') return json({ user: { id: 1 } });
        await afterRefresh;
        return json({ error: 'expired' }, 401);
      },
      'POST /api/auth/refresh': () => json({ accessToken: 'a2', refreshToken: 'r2' }),
    });
    const { api } = setup({ access: 'a1', refresh: 'r1' });
    const late = api.request('/api/auth/me');
    await api.request('/api/collection');
    refreshDone();
    await expect(late).resolves.toEqual({ user: { id: 1 } });
    expect(calls.filter((call) => call.path === '/api/auth/refresh')).toHaveLength(1);
  });

  it('logs the user out when the refresh fails', async () => {
    fakeApi({
      'GET /api/collection': () => json({ error: 'expired' }, 401),
      'POST /api/auth/refresh': () => json({ error: 'Invalid refresh token' }, 401),
    });
    const { api, store, onSessionExpired } = setup({ access: 'a1', refresh: 'r1' });
    await expect(api.request('/api/collection')).rejects.toBeInstanceOf(ApiError);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(store.access()).toBeNull();
    expect(await store.refresh()).toBeNull();
  });

  it('raises "No refresh token available" when there is none to refresh with', async () => {
    const { calls } = fakeApi({ 'GET /api/collection': () => json({ error: 'expired' }, 401) });
    const { api, onSessionExpired } = setup({ access: 'a1' });
    await expect(api.request('/api/collection')).rejects.toThrow('No refresh token available');
    expect(calls).toHaveLength(1);
    expect(onSessionExpired).toHaveBeenCalled();
  });

  it('does not retry a 401 from sign-in itself', async () => {
    const { calls } = fakeApi({ 'POST /api/auth/telegram': () => json({ error: 'Invalid Telegram init data' }, 401) });
    const { api } = setup({ access: 'a1', refresh: 'r1' });
    await expect(api.request('/api/auth/telegram', { method: 'POST', body: { initData: 'x' } })).rejects.toMatchObject({
      status: 401,
      serverMessage: 'Invalid Telegram init data',
    });
    expect(calls).toHaveLength(1);
  });

  it('shows the server error field when present, else the fallback (SPEC §8)', () => {
    expect(
      errorText(new ApiError(409, 'x', 'This sticker pack is sold out'), 'Purchase failed. Please try again.'),
    ).toBe('This sticker pack is sold out');
    expect(errorText(new ApiError(0, 'Failed to fetch'), 'Purchase failed. Please try again.')).toBe(
      'Purchase failed. Please try again.',
    );
    expect(errorText(new Error('boom'), SPEC_TEXTS.likeFailed)).toBe(SPEC_TEXTS.likeFailed);
  });

  it('returns the status with raw() for 202-pending polling', async () => {
    fakeApi({ 'GET /api/auth/login-code/abc': () => json({ status: 'pending' }, 202) });
    const { api } = setup();
    await expect(api.raw('/api/auth/login-code/abc')).resolves.toEqual({ status: 202, data: { status: 'pending' } });
  });

  it('sends JSON bodies as JSON, leaves undefined query fields out, and reads an empty 204 as nothing', async () => {
    let contentType: string | null = null;
    const { calls } = fakeApi({
      'POST /api/packs/7/like': ({ headers }) => {
        contentType = headers.get('content-type');
        return new Response(null, { status: 204 });
      },
    });
    const { api } = setup();
    await expect(
      api.request('/api/packs/7/like', { method: 'POST', body: { liked: true }, query: { a: 1, b: undefined } }),
    ).resolves.toBeUndefined();
    expect(calls[0]).toMatchObject({ path: '/api/packs/7/like?a=1', body: { liked: true } });
    expect(contentType).toBe('application/json');
  });

  it('reads a download as a Blob, and a refusal of it as the server error', async () => {
    fakeApi({
      'GET /api/studio/sales.csv': () => new Response('date,title\n', { headers: { 'content-type': 'text/csv' } }),
      'GET /api/packs/9/download': () => json({ error: 'Buy this pack to download it' }, 403),
    });
    const { api } = setup();
    const csv = await api.request<Blob>('/api/studio/sales.csv', { responseType: 'blob' });
    expect(csv.type).toBe('text/csv');
    expect(await csv.text()).toBe('date,title\n');
    await expect(api.request('/api/packs/9/download', { responseType: 'blob' })).rejects.toMatchObject({
      status: 403,
      serverMessage: 'Buy this pack to download it',
    });
  });

  it('calls a server that cannot be reached status 0, with no server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { api } = setup();
    await expect(api.request('/api/stickers')).rejects.toMatchObject({ status: 0, serverMessage: null });
  });
});
