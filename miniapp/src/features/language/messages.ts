import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../../i18n/catalogue';

/** The profile's language switch. Each language is named in itself, the same in every catalogue. */
export const languageTexts = defineCatalogue<keyof typeof english>('language', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});
