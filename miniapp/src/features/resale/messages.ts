import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../../i18n/catalogue';

/** Resale's texts: the pack's market, its chart and activity, the edition page, selling and the split. */
export const resaleTexts = defineCatalogue<keyof typeof english>('resale', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});

export type ResaleKey = NonNullable<(typeof resaleTexts)['keys']>;
