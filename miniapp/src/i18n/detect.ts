import { DEFAULT_LANGUAGE, isLanguage, languageOfTelegramCode, type Language } from '@stickerdrop/shared';

/**
 * The language last chosen on this device: the account's choice once known, so the next start opens in it
 * before the API has answered (the account's stored choice still wins when it arrives).
 */
export const LANGUAGE_STORAGE_KEY = 'stickerdrop.language';

export interface LanguageHints {
  /** Telegram's init data `user.language_code`, inside Telegram. */
  telegramCode?: string | null;
  /** The browser's language (navigator.language). */
  browser?: string | null;
}

function remembered(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The language to start in before the account is known: the one last chosen here, else Telegram's
 * language_code inside Telegram, else the browser's; Russian for ru/uk/be/kk (shared/language.ts says why),
 * English otherwise. Shared by the document's first screen and the app, so both start in the same one.
 */
export function startingLanguage(hints: LanguageHints): Language {
  return (
    remembered() ??
    languageOfTelegramCode(hints.telegramCode) ??
    languageOfTelegramCode(hints.browser) ??
    DEFAULT_LANGUAGE
  );
}

/**
 * Telegram's `user.language_code` from init data (the raw query string Telegram signs), or from a launch
 * address whose hash carries it as `tgWebAppData`; null when there is none.
 */
export function telegramLanguageCode(rawInitDataOrHash: string | null | undefined): string | null {
  if (!rawInitDataOrHash) return null;
  const text = rawInitDataOrHash.replace(/^#/, '');
  const initData = new URLSearchParams(text).get('tgWebAppData') ?? text;
  try {
    const user = JSON.parse(new URLSearchParams(initData).get('user') ?? 'null') as { language_code?: unknown } | null;
    return typeof user?.language_code === 'string' ? user.language_code : null;
  } catch {
    return null;
  }
}
