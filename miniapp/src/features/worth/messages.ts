import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../../i18n/catalogue';

/** What a collection and its editions are worth today: shown by the collection and the profile. */
export const worthTexts = defineCatalogue<keyof typeof english>('worth', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});
