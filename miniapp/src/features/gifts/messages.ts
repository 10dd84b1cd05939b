import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../../i18n/catalogue';

/** The gift claim screen's texts: who sent it, its note, Claim, and each state a gift can be in. */
export const giftsTexts = defineCatalogue<keyof typeof english>('gifts', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});
