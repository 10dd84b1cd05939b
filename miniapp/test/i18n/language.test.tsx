import { act, render, screen } from '@testing-library/react';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { Footer } from '../../src/app/layout/Footer';
import { layoutTexts } from '../../src/app/layout/messages';
import { defineCatalogue } from '../../src/i18n/catalogue';
import { formatsFor } from '../../src/i18n/format';
import { activeLanguage } from '../../src/i18n/i18n';
import { startingLanguage, switchLanguage, telegramLanguageCode, withTexts } from '../../src/i18n/language';
import { I18nProvider } from '../../src/i18n/provider';
import { translate } from '../../src/i18n/translate';

const initData = (languageCode: string) =>
  new URLSearchParams({ user: JSON.stringify({ id: 7, first_name: 'Ann', language_code: languageCode }) }).toString();

describe('the starting language', () => {
  it("is Telegram's language_code inside Telegram, Russian for ru, uk, be and kk", () => {
    for (const code of ['ru', 'uk', 'be', 'kk-KZ'])
      expect(startingLanguage({ telegramCode: code, browser: 'en-US' })).toBe('ru');
    expect(startingLanguage({ telegramCode: 'de', browser: 'ru-RU' })).toBe('en');
  });

  it("is the browser's on the web, English for any language but those", () => {
    expect(startingLanguage({ browser: 'ru-RU' })).toBe('ru');
    expect(startingLanguage({ browser: 'fr-FR' })).toBe('en');
    expect(startingLanguage({})).toBe('en');
  });

  it('is the choice remembered on this device before any guess', async () => {
    await switchLanguage('ru', { remember: true });
    expect(startingLanguage({ telegramCode: 'en', browser: 'en-US' })).toBe('ru');
  });

  it('is not a guess remembered from an earlier start', async () => {
    await switchLanguage('ru');
    expect(startingLanguage({ browser: 'en-US' })).toBe('en');
  });

  it('reads language_code from init data and from a launch address', () => {
    expect(telegramLanguageCode(initData('uk'))).toBe('uk');
    const hash = `#tgWebAppData=${encodeURIComponent(initData('ru'))}&tgWebAppVersion=8.0`;
    expect(telegramLanguageCode(hash)).toBe('ru');
    expect(telegramLanguageCode('#/marketplace')).toBeNull();
    expect(telegramLanguageCode(null)).toBeNull();
  });
});

describe('switching the language', () => {
  it('re-renders what is on screen at once, and sets <html lang>', async () => {
    render(
      <I18nProvider>
        <Footer inside={false} />
      </I18nProvider>,
    );
    expect(screen.getByText('Limited-edition sticker packs, collected and traded in TON.')).toBeInTheDocument();
    await act(() => switchLanguage('ru'));
    expect(screen.getByText('Лимитированные стикерпаки: собирайте и торгуйте за TON.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'любовью' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ru');
    await act(() => switchLanguage('en'));
    expect(screen.getByText(/Limited-edition sticker packs/)).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it('shows English, never a key, for a folder whose Russian has not loaded yet', async () => {
    await switchLanguage('ru');
    const late = defineCatalogue<'late.title'>(
      'late',
      { 'late.title': 'Late' },
      { ru: async () => ({ messages: { 'late.title': 'Поздно' } }) },
    );
    expect(translate(late, 'late.title')).toBe('Late');
    await late.load('ru');
    expect(translate(late, 'late.title')).toBe('Поздно');
  });

  it('loads the chosen language for a chunk that arrives during a switch', async () => {
    const switching = switchLanguage('ru');
    const chunk = withTexts(
      Promise.resolve().then(() =>
        defineCatalogue<'chunk.title'>(
          'chunk',
          { 'chunk.title': 'Chunk' },
          { ru: async () => ({ messages: { 'chunk.title': 'Кусок' } }) },
        ),
      ),
    );
    const catalogue = await chunk;
    await switching;
    expect(catalogue.loaded('ru')).toBe(true);
    expect(activeLanguage()).toBe('ru');
    expect(translate(catalogue, 'chunk.title')).toBe('Кусок');
  });

  it("picks Russian plural forms by CLDR's rules", async () => {
    const message = '{count, plural, one {# экземпляр} few {# экземпляра} many {# экземпляров} other {# экземпляра}}';
    const counted = defineCatalogue<'counted.editions'>(
      'counted',
      { 'counted.editions': compileMessage('{count, plural, one {# edition} other {# editions}}') },
      { ru: async () => ({ messages: { 'counted.editions': compileMessage(message) } }) },
    );
    expect(translate(counted, 'counted.editions', { count: 1 })).toBe('1 edition');
    expect(translate(counted, 'counted.editions', { count: 1000 })).toBe('1,000 editions');
    await switchLanguage('ru');
    const inRussian = [1, 3, 5, 21, 1000, 1.5].map((count) => translate(counted, 'counted.editions', { count }));
    expect(inRussian).toEqual([
      '1 экземпляр',
      '3 экземпляра',
      '5 экземпляров',
      '21 экземпляр',
      '1\u00a0000 экземпляров',
      '1,5 экземпляра',
    ]);
  });

  it('keeps the app catalogue complete for the switch (every key has Russian)', async () => {
    await switchLanguage('ru');
    expect(translate(layoutTexts, 'layout.nav.marketplace')).toBe('Маркет');
  });
});

describe('formats', () => {
  it('writes numbers, money and dates as each language does', () => {
    const en = formatsFor('en');
    const ru = formatsFor('ru');
    expect(en.number(10_000)).toBe('10,000');
    expect(ru.number(10_000)).toBe('10\u00a0000');
    expect(en.ton('1,234.56')).toBe('1,234.56\u00a0TON');
    expect(ru.ton('1,234.56')).toBe('1\u00a0234,56\u00a0TON');
    // formatTon's bare digits, grouped in each language's way.
    expect(en.ton('12345.67')).toBe('12,345.67\u00a0TON');
    expect(en.ton('-1234567.00')).toBe('-1,234,567.00\u00a0TON');
    expect(en.ton('999.99')).toBe('999.99\u00a0TON');
    expect(ru.ton('12345.67')).toBe('12\u00a0345,67\u00a0TON');
    expect([en.count(10_000), en.count(999), ru.count(10_000)]).toEqual(['10,000', '999', '10\u00a0000']);
    const at = '2026-11-26T13:17:00.000Z';
    expect(en.date(at, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })).toBe('Nov 26, 2026');
    expect(ru.date(at, { day: 'numeric', month: 'long', timeZone: 'UTC' })).toBe('26 ноября');
    expect(ru.relative('2026-11-26T11:17:00.000Z', new Date(at))).toBe('2 ч назад');
  });
});
