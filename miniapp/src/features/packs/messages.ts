import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../../i18n/catalogue';

/** The pack card's texts, and the like and share toasts every screen with cards raises. */
export const packsTexts = defineCatalogue<keyof typeof english>('packs', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});
