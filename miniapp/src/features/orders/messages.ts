import type english from './locales/en.json';
import { messages } from './locales/en.json?lingui';
import { defineCatalogue } from '../../i18n/catalogue';

/** Buying's texts: the rails, the payment step, amounts in TON and Stars, and the purchase's toasts. */
export const ordersTexts = defineCatalogue<keyof typeof english>('orders', messages, {
  ru: () => import('./locales/ru.json?lingui'),
});

export type OrdersKey = NonNullable<(typeof ordersTexts)['keys']>;
