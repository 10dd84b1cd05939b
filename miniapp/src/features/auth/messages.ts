import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../../i18n/catalogue';

/** Signing in and out: SPEC's toasts. The login page has its own catalogue (login/). */
export const authTexts = defineCatalogue<keyof typeof english>('auth', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});
