import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../../i18n/catalogue';

/** The profile's texts: the account, its figures, the editable information, the sessions and the buttons. */
export const profileTexts = defineCatalogue<keyof typeof english>('profile', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});
