import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../../i18n/catalogue';

/** The marketplace's texts (its heading is the first screen's: shell/messages.ts). */
export const marketplaceTexts = defineCatalogue<keyof typeof english>('marketplace', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});

export type MarketplaceKey = NonNullable<(typeof marketplaceTexts)['keys']>;
