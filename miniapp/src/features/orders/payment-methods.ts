import { DEFAULT_PAYMENT_METHOD, type PaymentMethod } from '@stickerdrop/shared';
import type { Translate } from '../../i18n/translate';
import type { OrdersKey } from './messages';

/** Each rail's name on its chip. */
export const paymentLabels = (t: Translate<OrdersKey>): Record<PaymentMethod, string> => ({
  ton: t('orders.method.ton'),
  stripe: t('orders.method.stripe'),
  stars: t('orders.method.stars'),
  demo: t('orders.method.demo'),
});

/**
 * The rails each container may offer (PRODUCT.md §3). Inside Telegram, its Bot Developer Terms require
 * digital goods to be paid in Stars (TON stays, as Telegram's own chain); a card checkout is never offered
 * there. On the plain web: ton and stripe as SPEC says.
 */
const RAILS_IN_TELEGRAM: PaymentMethod[] = ['stars', 'ton'];
const RAILS_ON_THE_WEB: PaymentMethod[] = ['ton', 'stripe'];

/**
 * The buy screen's choices: the container's rails, each only when the API offers it. In demo mode every
 * choice is paid on the demo rail; only when the operator offers none of them is "demo" itself the choice.
 */
export function paymentChoices(offered: readonly string[] | undefined, insideTelegram: boolean): PaymentMethod[] {
  const allowed = insideTelegram ? RAILS_IN_TELEGRAM : RAILS_ON_THE_WEB;
  // Before the config arrives, the rails that need no operator set-up beyond SPEC's (never stars).
  if (!offered) return allowed.filter((method) => method !== 'stars');
  const choices = allowed.filter((method) => offered.includes(method));
  if (choices.length === 0 && offered.includes('demo')) return ['demo'];
  return choices;
}

/** Stars first inside Telegram (its own currency, no wallet needed), else TON as SPEC says. */
export function defaultPaymentChoice(choices: readonly PaymentMethod[], insideTelegram = false): PaymentMethod {
  const preferred = insideTelegram ? (['stars', DEFAULT_PAYMENT_METHOD] as const) : [DEFAULT_PAYMENT_METHOD];
  return preferred.find((method) => choices.includes(method)) ?? choices[0] ?? DEFAULT_PAYMENT_METHOD;
}

/** A listed edition is paid in TON, wallet to wallet; on the demo rail in demo mode. */
export function resalePaymentChoice(offered: readonly string[] | undefined): PaymentMethod {
  return offered?.includes('demo') ? 'demo' : 'ton';
}
