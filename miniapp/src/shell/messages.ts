import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../i18n/catalogue';

/**
 * The words the document's first screen draws before the app has loaded (the logo's name, Home's hero, the
 * marketplace's heading, the web's back button). The components that draw the same words take them from
 * here, and first-screen/shell.ts (the inline script) reads the same files as plain JSON: one source for both.
 */
export const shellTexts = defineCatalogue<keyof typeof english>('shell', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});
