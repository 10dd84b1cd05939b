import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../../i18n/catalogue';

/** The create form's texts: each field's short label and its help, the sticker list, the toasts. */
export const createPackTexts = defineCatalogue<keyof typeof english>('create-pack', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});

export type CreatePackKey = NonNullable<(typeof createPackTexts)['keys']>;
