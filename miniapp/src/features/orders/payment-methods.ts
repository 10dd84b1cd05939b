import { DEFAULT_PAYMENT_METHOD, type PaymentMethod } from '@stickerdrop/shared';

export const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  ton: 'TON',
  stripe: 'Card (Stripe)',
  stars: 'Telegram Stars',
  demo: 'Demo payment',
};

/**
 * The buy screen's choices (PRODUCT.md §3): ton and stripe as SPEC says, plus stars inside Telegram,
 * each only when the API offers it. In demo mode every choice is paid on the demo rail; only when the
 * operator offers no real rail at all is "demo" itself the choice.
 */
export function paymentChoices(offered: readonly string[] | undefined, insideTelegram: boolean): PaymentMethod[] {
  const wanted: PaymentMethod[] = insideTelegram ? ['ton', 'stripe', 'stars'] : ['ton', 'stripe'];
  if (!offered) return wanted.filter((method) => method !== 'stars');
  const choices = wanted.filter((method) => offered.includes(method));
  if (choices.length === 0 && offered.includes('demo')) return ['demo'];
  return choices;
}

export function defaultPaymentChoice(choices: readonly PaymentMethod[]): PaymentMethod {
  return choices.includes(DEFAULT_PAYMENT_METHOD) ? DEFAULT_PAYMENT_METHOD : (choices[0] ?? DEFAULT_PAYMENT_METHOD);
}
