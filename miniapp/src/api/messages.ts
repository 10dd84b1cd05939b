import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../i18n/catalogue';

/** The API client's own texts (a session that cannot be renewed). */
export const apiTexts = defineCatalogue<keyof typeof english>('api', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});
