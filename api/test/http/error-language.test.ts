import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ERRORS,
  GIFT_ERRORS,
  MESSAGES,
  API_ERRORS_RU,
  DROP_ERRORS,
  OFFER_ERRORS,
  RESALE_ERRORS,
  RESERVATION_ERRORS,
  STUDIO_ERRORS,
  controlCharactersIn,
} from '@stickerdrop/shared';
import { errorTextIn } from '../../src/http/error-language.js';
import { buildTestApp, type TestApp } from '../helpers.js';
import { createUser, type TestUser } from '../users.js';

const CYRILLIC = /[а-яё]/i;

describe('API errors in the caller’s language', () => {
  let t: TestApp;
  let noChoice: TestUser;
  let russian: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    noChoice = await createUser(t);
    russian = await createUser(t, { language: 'ru' });
  });
  afterAll(() => t.close());

  const badWebsite = (user: TestUser, acceptLanguage?: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { ...user.headers, ...(acceptLanguage && { 'accept-language': acceptLanguage }) },
      payload: { website: 'ftp://example.com' },
    });

  it('the same bad request: English by default and for en, Russian for ru, with the same status', async () => {
    const plain = await badWebsite(noChoice);
    const english = await badWebsite(noChoice, 'en-US,en;q=0.9');
    const russianHeader = await badWebsite(noChoice, 'ru-RU,ru;q=0.9,en;q=0.8');
    expect(plain.json()).toEqual({ error: API_ERRORS.invalidWebsite });
    expect(english.json()).toEqual({ error: API_ERRORS.invalidWebsite });
    expect(russianHeader.json()).toEqual({ error: API_ERRORS_RU.invalidWebsite });
    expect([plain.statusCode, english.statusCode, russianHeader.statusCode]).toEqual([400, 400, 400]);
  });

  it('Accept-Language goes by q-value', async () => {
    const res = await badWebsite(noChoice, 'en;q=0.4, ru;q=0.8');
    expect(res.json().error).toBe(API_ERRORS_RU.invalidWebsite);
  });

  it('a stored choice of ru wins over Accept-Language: en', async () => {
    const res = await badWebsite(russian, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: API_ERRORS_RU.invalidWebsite });
  });

  it('refusals before a user is known (401, unknown route, malformed path) follow the header', async () => {
    const unauthorized = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { 'accept-language': 'ru' },
    });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.json()).toEqual({ error: API_ERRORS_RU.unauthorized });
    const missing = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-language': 'ru' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: API_ERRORS_RU.notFound });
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/stickers/%',
      headers: { 'accept-language': 'ru' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: API_ERRORS_RU.invalidRequest });
  });

  it('the OpenAPI document says so', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.info.description).toContain('`Accept-Language`');
    const profilePut = document.paths['/api/users/profile'].put;
    const refused = Object.entries(profilePut.responses as Record<string, { description: string }>).find(([status]) =>
      status.startsWith('4'),
    );
    expect(refused?.[1].description).toContain("caller's language");
    expect(profilePut.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toContain(
      'header:accept-language',
    );
  });

  it('a field refusal written by parseInput names the field in Russian', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: russian.headers,
      payload: { language: 'de' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Поле «language» должно быть одним из: en, ru' });
  });
});

describe('errorTextIn', () => {
  it('has a Russian text for every English one of the catalogues', () => {
    // SPEC's MESSAGES the API and core refuse with (the rest are the mini-app's, in its catalogues).
    const refusals = [
      MESSAGES.imageRequired,
      MESSAGES.titleRequired,
      MESSAGES.fileTooLarge,
      MESSAGES.priceInvalid,
      MESSAGES.packNotFound,
      MESSAGES.downloadRequiresPurchase,
      MESSAGES.likeRequiresLogin,
      MESSAGES.downloadRequiresLogin,
      MESSAGES.buyRequiresLogin,
    ];
    const catalogues = [API_ERRORS, RESALE_ERRORS, OFFER_ERRORS, STUDIO_ERRORS, DROP_ERRORS, GIFT_ERRORS, refusals];
    for (const catalogue of catalogues) {
      for (const text of Object.values(catalogue)) {
        if (typeof text !== 'string') continue;
        expect(errorTextIn('ru', text), text).toMatch(CYRILLIC);
        expect(errorTextIn('en', text)).toBe(text);
      }
    }
  });

  it('carries a text’s value over: counts with their plural, TON in Russian digits, times as written', () => {
    expect(errorTextIn('ru', OFFER_ERRORS.tooMany(22))).toBe(
      'У вас уже 22 открытых предложения — это предел для одного коллекционера. Сначала отзовите одно из них.',
    );
    expect(errorTextIn('ru', OFFER_ERRORS.tooMany(25))).toContain('25 открытых предложений');
    expect(errorTextIn('ru', OFFER_ERRORS.priceChanged('1,234.56'))).toBe(
      'Теперь это предложение — 1\u00a0234,56 TON. Откройте его снова, чтобы принять новую цену.',
    );
    expect(errorTextIn('ru', RESERVATION_ERRORS.tooMany(1))).toContain('1 неоплаченная бронь');
    expect(errorTextIn('ru', RESERVATION_ERRORS.coolingDown(15))).toContain('через 15 мин.');
    expect(errorTextIn('ru', DROP_ERRORS.notOpenYet(new Date('2026-12-24T18:00:00Z')))).toBe(
      'Этот дроп откроется 2026-12-24 18:00 UTC',
    );
    expect(errorTextIn('ru', `${API_ERRORS.tooManyRequests}; try again in 2 minutes`)).toBe(
      'Слишком много запросов; попробуйте снова через 2 минуты',
    );
    expect(errorTextIn('ru', controlCharactersIn('Bio'))).toBe(
      'Поле «О себе» не должно содержать управляющих символов',
    );
    expect(errorTextIn('ru', 'Bio must be at most 500 characters')).toBe('Поле «О себе» — до 500 символов');
  });

  it('sends a text no catalogue knows as written', () => {
    expect(errorTextIn('ru', 'Something from a library')).toBe('Something from a library');
  });
});
