import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../../i18n/catalogue';

/** Home's texts (its hero's are the first screen's: shell/messages.ts). */
export const homeTexts = defineCatalogue<keyof typeof english>('home', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});
