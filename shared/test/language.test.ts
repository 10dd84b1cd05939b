import { describe, expect, it } from 'vitest';
import { languageOfAcceptLanguage, languageOfTelegramCode } from '../src/language.js';

describe('languageOfTelegramCode', () => {
  it('answers ru, uk, be and kk in Russian, any other code in English, nothing with null', () => {
    expect(languageOfTelegramCode('ru')).toBe('ru');
    expect(languageOfTelegramCode('uk-UA')).toBe('ru');
    expect(languageOfTelegramCode('BE')).toBe('ru');
    expect(languageOfTelegramCode('kk')).toBe('ru');
    expect(languageOfTelegramCode('en-US')).toBe('en');
    expect(languageOfTelegramCode('pt-br')).toBe('en');
    expect(languageOfTelegramCode(undefined)).toBeNull();
    expect(languageOfTelegramCode('')).toBeNull();
  });
});

describe('languageOfAcceptLanguage', () => {
  it('takes the highest-q tag that is Russian or English', () => {
    expect(languageOfAcceptLanguage('ru-RU,ru;q=0.9,en-US;q=0.8')).toBe('ru');
    expect(languageOfAcceptLanguage('en;q=0.5, ru;q=0.7')).toBe('ru');
    expect(languageOfAcceptLanguage('de-DE, en;q=0.3, ru;q=0.2')).toBe('en');
    expect(languageOfAcceptLanguage('ru;q=0, en')).toBe('en');
    expect(languageOfAcceptLanguage('en-GB,ru')).toBe('en');
  });

  it('is null without a header or with neither language', () => {
    expect(languageOfAcceptLanguage(undefined)).toBeNull();
    expect(languageOfAcceptLanguage('de, fr;q=0.8, *;q=0.1')).toBeNull();
    expect(languageOfAcceptLanguage('garbage;;;')).toBeNull();
  });
});
