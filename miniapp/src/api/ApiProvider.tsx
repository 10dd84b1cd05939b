import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from './client';
import type { TokenStore } from './token-store';

export interface ApiContextValue {
  api: ApiClient;
  tokens: TokenStore;
  /** Subscribes to "the refresh failed, the session is over"; returns the unsubscribe function. */
  onSessionExpired(listener: () => void): () => void;
}

const ApiContext = createContext<ApiContextValue | null>(null);

export function ApiProvider({ value, children }: { value: ApiContextValue; children: ReactNode }) {
  return <ApiContext.Provider value={value}>{children}</ApiContext.Provider>;
}

export function useApiContext(): ApiContextValue {
  const value = useContext(ApiContext);
  if (!value) throw new Error('useApi must be used inside <ApiProvider>');
  return value;
}

export function useApi(): ApiClient {
  return useApiContext().api;
}
