import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '@stickerdrop/shared';
import { i18n } from './i18n';

const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE);

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const activeLocale = () => i18n.locale as Language;

/**
 * Re-renders the app when the language changes (Lingui's instance says so). Its own few lines rather than
 * @lingui/react's provider: that package cost Home about a kilobyte, and the app needs only this and RichText.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const language = useSyncExternalStore(subscribe, activeLocale, activeLocale);
  return <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>;
}

/** The language the app speaks now; the component renders again when it changes. */
export function useLanguage(): Language {
  return useContext(LanguageContext);
}
