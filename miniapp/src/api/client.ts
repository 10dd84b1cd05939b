import type { Tokens } from '@stickerdrop/shared';
import { translate } from '../i18n/translate';
import { apiTexts } from './messages';
import { activeLanguage } from '../i18n/i18n';
import type { TokenStore } from './token-store';

/** An API failure: the HTTP status (0 when the server was not reached) and the server's `error` text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's `{ error }` text, when it sent one. */
    readonly serverMessage: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: Record<string, unknown> | FormData;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Resolve with the raw response (status and body) instead of throwing on 2xx other than 200. */
  responseType?: 'json' | 'blob';
}

export interface RawResponse<T> {
  status: number;
  data: T;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /** Like `request`, but also returns the status (for 202-pending polling). */
  raw<T>(path: string, options?: RequestOptions): Promise<RawResponse<T>>;
}

export interface ApiClientOptions {
  baseUrl: string;
  tokens: TokenStore;
  /** Called when a refresh failed: the session is over (SPEC §4: the user is logged out). */
  onSessionExpired: () => void;
}

/** Paths that must never trigger a refresh-and-retry: they are the session machinery itself. */
const NO_REFRESH = /^\/api\/auth\/(refresh|telegram|logout|demo|login-code)/;

/**
 * The one way the mini-app talks to the API: bearer token on every call, and on a 401 one refresh of
 * the rotating refresh token and one retry (SPEC §4, §7).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  let refreshing: Promise<string> | null = null;

  async function refresh(): Promise<string> {
    const refreshToken = await options.tokens.refresh();
    if (!refreshToken) throw new ApiError(401, translate(apiTexts, 'api.noRefreshToken'));
    const { data } = await send<Tokens>('/api/auth/refresh', { method: 'POST', body: { refreshToken } }, null);
    options.tokens.set(data);
    return data.accessToken;
  }

  /** Concurrent 401s share one refresh: a rotating token may be used only once. */
  function refreshOnce(): Promise<string> {
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** One call with the platform's fetch (a wrapper library cost Home ~4 kB gzip); throws ApiError off 2xx. */
  async function send<T>(path: string, request: RequestOptions, token: string | null): Promise<RawResponse<T>> {
    const isJson = request.body !== undefined && !(request.body instanceof FormData);
    const response = await fetch(options.baseUrl + path + queryString(request.query), {
      method: request.method ?? 'GET',
      body: isJson ? JSON.stringify(request.body) : (request.body as FormData | undefined),
      signal: request.signal,
      headers: {
        ...(isJson ? { 'Content-Type': 'application/json' } : {}),
        // The API answers errors in the signed-in user's stored language, else in this one (a visitor's).
        'Accept-Language': activeLanguage(),
        ...request.headers,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
    if (!response.ok) {
      const data = await readBody(response);
      const serverMessage = hasErrorText(data) ? data.error : null;
      throw new ApiError(
        response.status,
        serverMessage ?? (response.statusText || `HTTP ${response.status}`),
        serverMessage,
      );
    }
    const data = request.responseType === 'blob' ? await response.blob() : await readBody(response);
    return { status: response.status, data: data as T };
  }

  async function raw<T>(path: string, request: RequestOptions = {}): Promise<RawResponse<T>> {
    const token = options.tokens.access();
    try {
      return await send<T>(path, request, token);
    } catch (error) {
      if (!(token && statusOf(error) === 401 && !NO_REFRESH.test(path))) throw toApiError(error);
    }
    let fresh: string;
    try {
      // A request sent before another one's refresh finished comes back 401 with the old token: the new one
      // is already here, and refreshing again would spend the rotated refresh token for nothing.
      const current = options.tokens.access();
      fresh = current && current !== token ? current : await refreshOnce();
    } catch (error) {
      options.tokens.clear();
      options.onSessionExpired();
      throw toApiError(error);
    }
    try {
      return await send<T>(path, request, fresh);
    } catch (error) {
      throw toApiError(error);
    }
  }

  return {
    raw,
    async request<T>(path: string, request?: RequestOptions) {
      return (await raw<T>(path, request)).data;
    },
  };
}

function statusOf(error: unknown): number {
  return error instanceof ApiError ? error.status : 0;
}

/** `?a=1&b=x`, leaving out what is undefined; empty when nothing is left. */
function queryString(query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The body as JSON when it is JSON, else its text; undefined when empty (a 204). */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function hasErrorText(data: unknown): data is { error: string } {
  return typeof data === 'object' && data !== null && 'error' in data && typeof data.error === 'string';
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  // Not reached (offline, refused, aborted): no status, the platform's own words.
  return new ApiError(0, error instanceof Error ? error.message : String(error));
}

/** SPEC §8: the server's error field when present, otherwise the fallback text. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
