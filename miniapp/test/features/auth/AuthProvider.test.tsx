import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createApiContext } from '../../../src/api/create-api';
import { ApiProvider } from '../../../src/api/ApiProvider';
import { localTokenStore } from '../../../src/api/token-store';
import { createQueryClient } from '../../../src/app/query-client';
import { AuthProvider, useAuth } from '../../../src/features/auth/AuthProvider';
import { MemoryRouter } from '../../../src/router';
import { ToastProvider } from '../../../src/toast/ToastProvider';
import { fakeApi, json } from '../../support/fake-api';
import { user } from '../../support/data';

/** What a screen saw of the session at each of its renders. */
function renderSeeing(telegramInitData: string) {
  const seen: Array<{ user: string | null; loading: boolean }> = [];
  function Screen() {
    const auth = useAuth();
    seen.push({ user: auth.user?.first_name ?? null, loading: auth.loading });
    return <p>{auth.user ? `Hello ${auth.user.first_name}` : 'Nobody'}</p>;
  }
  const api = createApiContext('http://api.test', localTokenStore(localStorage));
  render(
    <ApiProvider value={api}>
      <QueryClientProvider client={createQueryClient()}>
        <ToastProvider>
          <MemoryRouter>
            <AuthProvider telegramInitData={telegramInitData}>
              <Screen />
            </AuthProvider>
          </MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>
    </ApiProvider>,
  );
  return seen;
}

describe('the automatic Telegram sign-in', () => {
  it('re-renders the screen once, with the user, and never shows it signed out and done on the way', async () => {
    fakeApi({
      'POST /api/auth/telegram': () =>
        json({ user: user({ first_name: 'Tess' }), tokens: { accessToken: 'a1', refreshToken: 'r1' } }),
    });
    const seen = renderSeeing('user=%7B%7D&hash=abc');
    expect(await screen.findByText('Hello Tess')).toBeInTheDocument();
    // Without StrictMode each render is seen once: the first, then the one with the user. The sign-in's
    // start, while the screen already waited for it, re-rendered nothing.
    expect(seen).toEqual([
      { user: null, loading: true },
      { user: 'Tess', loading: false },
    ]);
  });

  it('ends signed out when Telegram refuses, only once it has tried', async () => {
    fakeApi({ 'POST /api/auth/telegram': () => json({ error: 'Invalid Telegram init data' }, 401) });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen = renderSeeing('user=%7B%7D&hash=abc');
    await screen.findByText('Nobody');
    await expect.poll(() => seen.at(-1)).toEqual({ user: null, loading: false });
    expect(seen.slice(0, -1).every(({ loading }) => loading)).toBe(true);
    expect(log).toHaveBeenCalledWith('Automatic Telegram sign-in failed', expect.anything());
  });
});
