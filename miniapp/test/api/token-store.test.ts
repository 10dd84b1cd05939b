import { beforeEach, describe, expect, it, vi } from 'vitest';
import { localTokenStore, type RefreshTokenKeeper, type StoredValue } from '../../src/api/token-store';

/** A keeper that holds the token in memory, as the secure storage's does once read. */
function memoryKeeper(initial: string | null = null): RefreshTokenKeeper & { kept: string | null } {
  const keeper = {
    kept: initial,
    get: async () => keeper.kept,
    set: (token: string | null) => void (keeper.kept = token),
  };
  return keeper;
}

describe('token store', () => {
  beforeEach(() => localStorage.clear());

  it('keeps both tokens in local storage when no keeper is asked for (the web)', async () => {
    const store = localTokenStore(localStorage);
    store.set({ accessToken: 'a1', refreshToken: 'r1' });
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(await store.refresh()).toBe('r1');
    store.clear();
    expect([localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]).toEqual([null, null]);
  });

  it('with a keeper the refresh token lives there, the access token in local storage', async () => {
    const keeper = memoryKeeper('r0');
    const store = localTokenStore(localStorage, async () => keeper);
    expect(await store.refresh()).toBe('r0');
    store.set({ accessToken: 'a1', refreshToken: 'r1' });
    expect(await store.refresh()).toBe('r1');
    expect(keeper.kept).toBe('r1');
    expect(localStorage.getItem('accessToken')).toBe('a1');
    expect(localStorage.getItem('refreshToken')).toBeNull();
    store.clear();
    expect(await store.refresh()).toBeNull();
    expect(keeper.kept).toBeNull();
  });

  it('waits for the keeper to be found: calls meanwhile reach it in the order they were made', async () => {
    const keeper = memoryKeeper('r0');
    let found: (value: RefreshTokenKeeper | null) => void = () => undefined;
    const store = localTokenStore(localStorage, () => new Promise((resolve) => (found = resolve)));
    const reading = store.refresh();
    store.set({ refreshToken: 'r1' });
    store.clear();
    store.set({ refreshToken: 'r2' });
    found(keeper);
    expect(await reading).toBe('r0');
    expect(await store.refresh()).toBe('r2');
    expect(keeper.kept).toBe('r2');
  });

  it('falls back to local storage when there is no keeper or finding one fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const findKeeper of [async () => null, () => Promise.reject(new Error('chunk failed'))]) {
      localStorage.clear();
      let local: StoredValue | null = null;
      const store = localTokenStore(localStorage, (value) => {
        local = value;
        return findKeeper();
      });
      store.set({ refreshToken: 'r1' });
      expect(await store.refresh()).toBe('r1');
      expect(localStorage.getItem('refreshToken')).toBe('r1');
      expect(local!.get()).toBe('r1');
    }
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
