import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../../i18n/catalogue';

/** The operator's desk's texts: reports, takedowns, queues, the audit log and bans. */
export const opsTexts = defineCatalogue<keyof typeof english>('ops', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});

export type OpsKey = NonNullable<(typeof opsTexts)['keys']>;
