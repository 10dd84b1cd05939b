import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../../i18n/catalogue';

/** The app shell's texts: header, tab bar, footer, and the crash screen (app/ErrorBoundary). */
export const layoutTexts = defineCatalogue<keyof typeof english>('layout', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});
