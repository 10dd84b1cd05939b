import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@stickerdrop/shared';
import { EXPIRY_INVALID, expiryText, offerFormProblem, timeLeft } from '../../../src/features/offers/offer-form';

describe('offer form rules', () => {
  it('wants a valid price first, with the text every price field uses', () => {
    for (const price of ['', '0', '-1', 'abc', '1.2.3'])
      expect(offerFormProblem({ price, expiresInHours: '24' })).toBe(MESSAGES.priceInvalid);
    expect(offerFormProblem({ price: 'x', expiresInHours: '0' })).toBe(MESSAGES.priceInvalid);
  });

  it('takes an expiry of 1 to 72 whole hours', () => {
    for (const hours of ['0', '73', '1.5', '', 'a'])
      expect(offerFormProblem({ price: '2.5', expiresInHours: hours })).toBe(EXPIRY_INVALID);
    for (const hours of ['1', '24', '72']) expect(offerFormProblem({ price: '2.5', expiresInHours: hours })).toBeNull();
  });

  it('says how long an offer still stands', () => {
    const now = new Date('2026-11-23T00:00:00Z');
    expect(expiryText('2026-11-24T00:00:00Z', now)).toBe('Expires in 24 h');
    expect(expiryText('2026-11-23T00:12:30Z', now)).toBe('Expires in 12 min');
    expect(expiryText('2026-11-22T23:00:00Z', now)).toBe('Expired');
    expect(timeLeft('2026-11-23T00:00:30Z', now)).toBeNull();
    expect(timeLeft('2026-11-23T02:59:00Z', now)).toBe('2 h');
  });
});
