import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@stickerdrop/shared';
import { expiryText, offerFormProblem, timeLeft } from '../../../src/features/offers/offer-form';
import { switchLanguage } from '../../../src/i18n/language';

describe('offer form rules', () => {
  it('wants a valid price first, with the text every price field uses', () => {
    for (const price of ['', '0', '-1', 'abc', '1.2.3'])
      expect(offerFormProblem({ price, expiresInHours: '24' })).toBe(MESSAGES.priceInvalid);
    expect(offerFormProblem({ price: 'x', expiresInHours: '0' })).toBe(MESSAGES.priceInvalid);
  });

  it('takes an expiry of 1 to 72 whole hours', () => {
    for (const hours of ['0', '73', '1.5', '', 'a'])
      expect(offerFormProblem({ price: '2.5', expiresInHours: hours })).toBe('Choose an expiry between 1 and 72 hours');
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

  it('speaks Russian', async () => {
    await switchLanguage('ru');
    const now = new Date('2026-11-23T00:00:00Z');
    expect(offerFormProblem({ price: 'x', expiresInHours: '24' })).toBe('Введите корректную цену');
    expect(offerFormProblem({ price: '2.5', expiresInHours: '73' })).toBe('Выберите срок от 1 до 72 ч');
    expect(expiryText('2026-11-24T00:00:00Z', now)).toBe('Действует ещё 24\u00a0ч');
    expect(expiryText('2026-11-23T00:12:30Z', now)).toBe('Действует ещё 12\u00a0мин');
    expect(expiryText('2026-11-22T23:00:00Z', now)).toBe('Срок истёк');
  });
});
