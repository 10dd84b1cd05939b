import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../../i18n/catalogue';

/** The drop's texts on a pack page: the countdown, when it opens, and Notify me. */
export const dropsTexts = defineCatalogue<keyof typeof english>('drops', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});
