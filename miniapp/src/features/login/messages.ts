import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../../i18n/catalogue';

/**
 * The login page: its own catalogue, so Home (which holds the session, not the page) loads only the two
 * sign-in toasts in Russian, not the page's texts.
 */
export const loginTexts = defineCatalogue<keyof typeof english>('login', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});
