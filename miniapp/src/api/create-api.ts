import { createApiClient } from './client';
import { localTokenStore, type TokenStore } from './token-store';
import type { ApiContextValue } from './ApiProvider';

/** Builds the API client with its token store and session-expiry channel; tests build their own. */
export function createApiContext(baseUrl: string, tokens: TokenStore = localTokenStore()): ApiContextValue {
  const listeners = new Set<() => void>();
  const api = createApiClient({
    baseUrl,
    tokens,
    onSessionExpired: () => listeners.forEach((listener) => listener()),
  });
  return {
    api,
    tokens,
    onSessionExpired(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
