import { describe, expect, it } from 'vitest';
import { defaultPaymentChoice, paymentChoices } from '../../../src/features/orders/payment-methods';

describe('payment choices', () => {
  it('offers ton and stripe on the web; stars and ton inside Telegram, never a card (its Bot Developer Terms)', () => {
    expect(paymentChoices(['demo', 'ton', 'stripe', 'stars'], false)).toEqual(['ton', 'stripe']);
    expect(paymentChoices(['demo', 'ton', 'stripe', 'stars'], true)).toEqual(['stars', 'ton']);
    expect(paymentChoices(['stripe'], false)).toEqual(['stripe']);
    expect(paymentChoices(['stripe', 'ton'], true)).toEqual(['ton']);
  });

  it('falls back to the rails needing no set-up before the config arrives, and to demo when none is offered', () => {
    expect(paymentChoices(undefined, false)).toEqual(['ton', 'stripe']);
    expect(paymentChoices(undefined, true)).toEqual(['ton']);
    expect(paymentChoices(['demo'], false)).toEqual(['demo']);
    expect(paymentChoices(['demo', 'stripe'], true)).toEqual(['demo']);
  });

  it('defaults to stars inside Telegram, to ton elsewhere', () => {
    expect(defaultPaymentChoice(['stars', 'ton'], true)).toBe('stars');
    expect(defaultPaymentChoice(['ton'], true)).toBe('ton');
    expect(defaultPaymentChoice(['ton', 'stripe'])).toBe('ton');
    expect(defaultPaymentChoice(['stripe'])).toBe('stripe');
  });
});
