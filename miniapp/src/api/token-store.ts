import { STORAGE_KEYS, type Tokens } from '@stickerdrop/shared';

/** Where the session's tokens live: browser local storage under SPEC's names (SPEC §3). */
export interface TokenStore {
  access(): string | null;
  /** Asynchronous: inside Telegram the refresh token may first have to be read back from the device. */
  refresh(): Promise<string | null>;
  set(tokens: Partial<Tokens>): void;
  /** Forgets only the access token (SPEC §4: a failed start-up check removes it). */
  clearAccess(): void;
  clear(): void;
}

/** One value in local storage (or in memory when storage is unavailable). */
export interface StoredValue {
  get(): string | null;
  set(value: string | null): void;
}

/** Somewhere safer than local storage for the refresh token: inside Telegram, the device's secure storage. */
export interface RefreshTokenKeeper {
  get(): Promise<string | null>;
  set(token: string | null): void;
}

/**
 * Finds the keeper for this container, given the refresh token's place in local storage (to move a token
 * kept there before, or to fall back on); resolves with null to keep it in local storage, as on the web.
 */
export type FindRefreshTokenKeeper = (local: StoredValue) => Promise<RefreshTokenKeeper | null>;

/**
 * Storage may be unavailable (private mode, sandboxed frames): then the session lives in memory. With
 * `findKeeper`, the refresh token waits for the keeper to be found, then lives wherever it says.
 */
export function localTokenStore(
  storage: Storage | null = safeLocalStorage(),
  findKeeper?: FindRefreshTokenKeeper,
): TokenStore {
  const access = storedValue(storage, STORAGE_KEYS.accessToken);
  const refresh = storedValue(storage, STORAGE_KEYS.refreshToken);
  const keeper = findKeeper?.(refresh).catch((error: unknown) => {
    console.warn('The refresh token stays in local storage', error);
    return null;
  });
  // Calls run in order on the keeper once found: a sign-out never overtakes the sign-in before it.
  const keepRefresh = (token: string | null) => {
    if (keeper) void keeper.then((found) => (found ? found.set(token) : refresh.set(token)));
    else refresh.set(token);
  };
  return {
    access: access.get,
    refresh: async () => {
      const found = await keeper;
      return found ? found.get() : refresh.get();
    },
    set(tokens) {
      if (tokens.accessToken) access.set(tokens.accessToken);
      if (tokens.refreshToken) keepRefresh(tokens.refreshToken);
    },
    clearAccess: () => access.set(null),
    clear() {
      access.set(null);
      keepRefresh(null);
    },
  };
}

function storedValue(storage: Storage | null, key: string): StoredValue {
  let memory: string | null = null;
  return {
    get() {
      try {
        return storage ? storage.getItem(key) : memory;
      } catch {
        return memory;
      }
    },
    set(value) {
      memory = value;
      try {
        if (value === null) storage?.removeItem(key);
        else storage?.setItem(key, value);
      } catch {
        // The in-memory copy above keeps the session for this page.
      }
    },
  };
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
