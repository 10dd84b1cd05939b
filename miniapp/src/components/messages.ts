import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../i18n/catalogue';

/** The shared components' texts (SPEC's Loading...). */
export const componentsTexts = defineCatalogue<keyof typeof english>('components', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});
