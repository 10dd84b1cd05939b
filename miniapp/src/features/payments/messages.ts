import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../../i18n/catalogue';

/** Paying with a wallet and linking one: its buttons, the payout wallet's ask and their toasts. */
export const paymentsTexts = defineCatalogue<keyof typeof english>('payments', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});
