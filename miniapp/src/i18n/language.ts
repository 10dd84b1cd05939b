import type { Language } from '@stickerdrop/shared';
import { LANGUAGE_STORAGE_KEY } from './detect';
import { loadRegistered } from './catalogue';
import { activeLanguage, i18n } from './i18n';

export { startingLanguage, telegramLanguageCode, type LanguageHints } from './detect';

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
        localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
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
