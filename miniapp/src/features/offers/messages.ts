import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../../i18n/catalogue';

/** Offers: the pack's and edition's list, the form, the owner's answer and its sheet, the collection's tab. */
export const offersTexts = defineCatalogue<keyof typeof english>('offers', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});
