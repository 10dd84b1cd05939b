import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../../i18n/catalogue';

/** The creator studio's texts, and the collection's Created tab's (it shows the studio's packs). */
export const studioTexts = defineCatalogue<keyof typeof english>('studio', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});

export type StudioKey = NonNullable<(typeof studioTexts)['keys']>;
