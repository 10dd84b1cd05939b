import { DEFAULT_LANGUAGE, isLanguage, languageOfTelegramCode, type Language } from '@stickerdrop/shared';
import { loadRegistered } from './catalogue';
import { activeLanguage, i18n } from './i18n';

/**
 * The language last shown on this device: the account's choice once known, so the next start opens in it
 * before the API has answered. The account's stored choice still wins when it arrives.
 */
const STORAGE_KEY = 'stickerdrop.language';

export interface LanguageHints {
  /** Telegram's init data `user.language_code`, inside Telegram. */
  telegramCode?: string | null;
  /** The browser's language (navigator.language). */
  browser?: string | null;
}

function remembered(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The language to start in before the account is known: the one last shown here, else Telegram's
 * language_code inside Telegram, else the browser's; Russian for ru/uk/be/kk (shared/language.ts says why),
 * English otherwise.
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
  const params = new URLSearchParams(text);
  const initData = params.get('tgWebAppData') ?? text;
  try {
    const user = JSON.parse(new URLSearchParams(initData).get('user') ?? 'null') as { language_code?: unknown } | null;
    return typeof user?.language_code === 'string' ? user.language_code : null;
  } catch {
    return null;
  }
}

let switching: Promise<void> = Promise.resolve();
/** The language last asked for: a chunk arriving while a switch is under way loads this one's texts. */
let wanted: Language | null = null;

/**
 * Speaks `language` from now on: loads its messages of every folder on screen, then re-renders the app in it
 * at once (no reload) and sets <html lang>. `remember` (the account's choice, or the person's own switch) keeps
 * it on this device for the next start; a guess from Telegram or the browser is not kept, so it never
 * outranks a later, better one. Storing it on the account is the profile's PUT; the API reads the same
 * choice for its errors. Calls are applied in order.
 */
export function switchLanguage(language: Language, options: { remember?: boolean } = {}): Promise<void> {
  wanted = language;
  switching = switching.then(async () => {
    await loadRegistered(language);
    document.documentElement.lang = language;
    if (options.remember) {
      try {
        localStorage.setItem(STORAGE_KEY, language);
      } catch {
        // Private mode without storage: the account's choice still applies after sign-in.
      }
    }
    if (activeLanguage() !== language) i18n.activate(language);
  });
  return switching;
}

/**
 * A chunk that renders texts (a lazy route or section), resolved once the active language's messages of
 * the folders it brought are in too, so it never shows a line in the other language first.
 */
export function withTexts<T>(loading: Promise<T>): Promise<T> {
  return loading.then(async (loaded) => {
    await loadRegistered(wanted ?? activeLanguage());
    return loaded;
  });
}
