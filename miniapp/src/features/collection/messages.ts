import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../../i18n/catalogue';

/** The collection's texts: its figures, tabs, search, filters and empty states. */
export const collectionTexts = defineCatalogue<keyof typeof english>('collection', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});
