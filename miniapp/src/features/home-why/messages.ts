import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../../i18n/catalogue';

/** Home's Why section's texts: in the section's own chunk, which only the web's landing page loads. */
export const whyTexts = defineCatalogue<keyof typeof english>('home-why', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});
