import { describe, expect, it } from 'vitest';
import { defaultPaymentChoice, paymentChoices } from '../../../src/features/orders/payment-methods';

describe('payment choices', () => {
  it('offers ton and stripe on the web, plus stars inside Telegram, as the API allows', () => {
    expect(paymentChoices(['demo', 'ton', 'stripe', 'stars'], false)).toEqual(['ton', 'stripe']);
    expect(paymentChoices(['demo', 'ton', 'stripe', 'stars'], true)).toEqual(['ton', 'stripe', 'stars']);
    expect(paymentChoices(['stripe'], false)).toEqual(['stripe']);
  });

  it('falls back to SPEC methods before the config arrives, and to demo when no real rail is offered', () => {
    expect(paymentChoices(undefined, true)).toEqual(['ton', 'stripe']);
    expect(paymentChoices(['demo'], false)).toEqual(['demo']);
  });

  it('defaults to ton', () => {
    expect(defaultPaymentChoice(['ton', 'stripe'])).toBe('ton');
    expect(defaultPaymentChoice(['stripe', 'stars'])).toBe('stripe');
  });
});
