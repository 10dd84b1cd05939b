import { setupI18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, type Language } from '@stickerdrop/shared';

/**
 * The app's one Lingui instance. English is active from the start: its messages ship inside each folder's
 * chunk (they are SPEC's texts and the fallback); Russian is loaded folder by folder when chosen.
 */
export const i18n = setupI18n({ locale: DEFAULT_LANGUAGE, messages: { [DEFAULT_LANGUAGE]: {} } });

/** The language the app speaks now. */
export function activeLanguage(): Language {
  return i18n.locale as Language;
}

/** The Intl locale of a language: Russian formats as in Russia ("1 234,56"), English as SPEC's ("1,234.56"). */
export function intlLocale(language: Language): string {
  return language === 'ru' ? 'ru-RU' : 'en-US';
}

export type { Messages };
