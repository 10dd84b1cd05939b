import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../../i18n/catalogue';

/** A pack's page: its details, figures, owner's actions and the buy box (the payment step's are orders'). */
export const packDetailTexts = defineCatalogue<keyof typeof english>('pack-detail', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});

export type PackDetailKey = NonNullable<(typeof packDetailTexts)['keys']>;
