import { STORAGE_KEYS, type Tokens } from '@stickerdrop/shared';

/** Where the session's tokens live: browser local storage under SPEC's names (SPEC §3). */
export interface TokenStore {
  access(): string | null;
  refresh(): string | null;
  set(tokens: Partial<Tokens>): void;
  /** Forgets only the access token (SPEC §4: a failed start-up check removes it). */
  clearAccess(): void;
  clear(): void;
}

/** Storage may be unavailable (private mode, sandboxed frames): then the session lives in memory. */
export function localTokenStore(storage: Storage | null = safeLocalStorage()): TokenStore {
  const memory = new Map<string, string>();
  const read = (key: string) => {
    try {
      return storage ? storage.getItem(key) : (memory.get(key) ?? null);
    } catch {
      return memory.get(key) ?? null;
    }
  };
  const write = (key: string, value: string | null) => {
    if (value === null) memory.delete(key);
    else memory.set(key, value);
    try {
      if (value === null) storage?.removeItem(key);
      else storage?.setItem(key, value);
    } catch {
      // The in-memory copy above keeps the session for this page.
    }
  };
  return {
    access: () => read(STORAGE_KEYS.accessToken),
    refresh: () => read(STORAGE_KEYS.refreshToken),
    set(tokens) {
      if (tokens.accessToken) write(STORAGE_KEYS.accessToken, tokens.accessToken);
      if (tokens.refreshToken) write(STORAGE_KEYS.refreshToken, tokens.refreshToken);
    },
    clearAccess: () => write(STORAGE_KEYS.accessToken, null),
    clear() {
      write(STORAGE_KEYS.accessToken, null);
      write(STORAGE_KEYS.refreshToken, null);
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
