/**
 * The mini-app's configuration, read here and nowhere else (STYLE.md habit 2). Values are fixed at
 * build time by Vite.
 */
export interface AppConfig {
  /** The API's origin, without a trailing slash; empty means the page's own origin. */
  apiUrl: string;
  /** Local development only: pretend to run inside Telegram (see mockEnv.ts). */
  mockTelegram: boolean;
}

/** A separate constant so a production build drops the mock entirely. */
export const MOCK_TELEGRAM = import.meta.env.DEV && import.meta.env.VITE_MOCK_TELEGRAM === '1';

export const config: AppConfig = {
  apiUrl: (import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, ''),
  mockTelegram: MOCK_TELEGRAM,
};

/** An API path (or an image path such as /files/<key>) made absolute against the configured API. */
export function apiUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${config.apiUrl}${path}`;
}
