import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/app-server';
import { DESKTOP, PHONE, describeBrowser, launchChromium, screenshot, toast } from './support/browser';
import {
  LIGHT_THEME,
  THEME,
  lastMainButton,
  openInTelegram,
  pressNative,
  telegramEvents,
} from './support/telegram-mock';
import { overflowing, russianBrowser } from './support/russian';

/** A Russian-speaking collector inside Telegram: language_code "ru", a phone that says English. */
const RU_BUYER = { id: 777_000_063, first_name: 'Оля', username: 'olya_buys', language_code: 'ru' };

/** The English of these screens, none of which may be left once Russian is chosen. */
const ENGLISH = [
  'Marketplace',
  'Search sticker packs',
  'Trending',
  'On resale',
  'Buy this pack',
  'Payment method',
  'Offers',
  'Make offer',
  'No offers yet.',
  'Pack statistics',
];

/** Nothing cut, and not one of the screens' English texts shown. */
async function allRussian(page: Page, where: string): Promise<void> {
  expect(await overflowing(page), where).toEqual([]);
  for (const english of ENGLISH) {
    expect(await page.getByText(english, { exact: true }).count(), `${where}: ${english}`).toBe(0);
  }
}

/**
 * The marketplace in Russian: its heading and figures, the resale filter, the sort and a search, then the
 * pack of that title opened.
 */
async function searchTheMarket(page: Page, title: string, shot: string): Promise<void> {
  await page.getByRole('heading', { name: 'Маркет', level: 1 }).waitFor();
  await page.getByLabel('Статистика маркета').getByText('Средняя цена').waitFor();
  await page.getByRole('button', { name: 'Фильтры' }).click();
  const sheet = page.getByRole('form', { name: 'Фильтры' });
  await sheet.getByRole('group', { name: 'Рынок' }).getByRole('button', { name: 'На перепродаже' }).click();
  // Inside Telegram the sheet's Show is the Main Button; on the web, the sheet's own.
  const show = sheet.getByRole('button', { name: 'Показать' });
  if (await show.count()) await show.click();
  else await pressNative(page, 'main_button_pressed');
  await page.getByText('Сейчас на перепродаже ничего нет').waitFor();
  await page.getByRole('button', { name: 'Показать все паки' }).click();
  await page.getByRole('group', { name: 'Сортировка' }).getByRole('button', { name: 'Дешевле' }).click();
  await page.getByRole('searchbox', { name: 'Поиск стикерпаков' }).fill(title.toLowerCase());
  const card = page.getByTestId('pack-card').filter({ hasText: title });
  await card.waitFor();
  expect(await page.getByRole('group', { name: 'Включённые фильтры' }).count()).toBe(0);
  await allRussian(page, shot);
  await screenshot(page, shot);
  await card.click();
}

/** A pack's page in Russian before buying: the buy box with what is left, the rails, the offers. */
async function seeThePack(page: Page, shot: string): Promise<void> {
  const box = page.getByRole('region', { name: 'Купить этот пак' });
  await box.getByText(/^Осталось [\d\u00a0]+ из [\d\u00a0]+ · лимитированный тираж$/).waitFor();
  await page.getByRole('heading', { name: 'Предложения' }).waitFor();
  await page.getByText('Предложений пока нет.').waitFor();
  await page.getByLabel('Статистика пака').getByText('Владельцы').waitFor();
  await allRussian(page, shot);
  await screenshot(page, shot);
}

/**
 * An offer on the pack, refused first for its price; then withdrawn, so each run starts with none. Inside
 * Telegram the sheet's Send is the Main Button.
 */
async function makeAnOffer(page: Page, shot: string, inTelegram = false): Promise<void> {
  await page.getByRole('button', { name: 'Сделать предложение' }).click();
  const form = page.getByRole('form', { name: 'Сделать предложение' });
  const send = async () => {
    if (!inTelegram) return form.getByRole('button', { name: 'Отправить' }).click();
    await expect.poll(async () => lastMainButton(await telegramEvents(page))?.text).toBe('Отправить');
    await pressNative(page, 'main_button_pressed');
  };
  await expect.poll(() => form.getByLabel('Срок действия (часы)').inputValue()).toBe('24');
  await form.getByLabel('Ваше предложение (TON)').fill('0');
  await send();
  await toast(page, 'Введите корректную цену').waitFor();
  await form.getByLabel('Ваше предложение (TON)').fill('2.5');
  await allRussian(page, `${shot}-form`);
  await screenshot(page, `${shot}-form`);
  await send();
  await toast(page, 'Предложение отправлено').waitFor();
  const row = page.getByRole('list', { name: 'Открытые предложения' }).getByTestId('offer-row');
  await row.getByText('2,50 TON').waitFor();
  await row.getByText(/^Действует ещё 2[34]\sч$/).waitFor();
  await row.getByText('Лучшее').waitFor();
  await allRussian(page, shot);
  await screenshot(page, shot);
  await row.getByRole('button', { name: 'Отозвать' }).click();
  await toast(page, 'Предложение отозвано').waitFor();
}

describeBrowser('a Russian-speaking collector buying', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // One test per screen size and scheme: each buys and offers in full, and gets its own time.
  it.each([
    { viewport: PHONE, scheme: 'light', buy: 'Pixel Emotions', offerOn: 'tea' },
    { viewport: PHONE, scheme: 'dark', buy: 'Donut Worry', offerOn: 'retro' },
    { viewport: DESKTOP, scheme: 'light', buy: 'Puppy Parade', offerOn: 'blooms' },
  ] as const)(
    'on the web (ru-RU) at $viewport.width px, $scheme: searches the market, opens a pack, buys it on the demo rail and makes an offer, in Russian',
    async ({ viewport, scheme, buy, offerOn }) => {
      const name = `ru-buying-web-${viewport.width}-${scheme}`;
      const { context, page, errors } = await russianBrowser(browser, viewport, scheme);
      await page.goto(`${server.url}/#/login`);
      await page.getByRole('button', { name: 'Войти как демо-коллекционер' }).click();
      await toast(page, 'Вы вошли!').waitFor();

      await page.goto(`${server.url}/#/marketplace`);
      await searchTheMarket(page, buy, `${name}-market`);
      await seeThePack(page, `${name}-pack`);

      // The web's rails, TON first; the demo rail pays whichever is chosen.
      const rails = page.getByRole('group', { name: 'Способ оплаты' });
      expect(await rails.locator('label').allTextContents()).toEqual(['TON', 'Карта (Stripe)']);
      await page.getByRole('button', { name: /^Купить · [\d\u00a0]+,\d\d\sTON$/ }).click();
      await toast(page, 'Экземпляр забронирован — осталось оплатить!').waitFor();
      await page
        .getByTestId('payment-step')
        .getByText(/^Демо-режим: настоящие деньги не списываются/)
        .waitFor();
      await allRussian(page, `${name}-pay`);
      await screenshot(page, `${name}-pay`);
      await page.getByRole('button', { name: /^Оплатить \(демо\) · [\d\u00a0]+,\d\d\sTON$/ }).click();
      await toast(page, 'Покупка прошла успешно! Теперь стикерпак можно скачать.').waitFor();
      await page.getByText(/^Этот пак ваш \(экземпляр № \d+ из [\d\u00a0]+\)/).waitFor();
      await page.getByRole('button', { name: 'Скачать' }).waitFor();
      await allRussian(page, `${name}-owned`);
      await screenshot(page, `${name}-owned`);

      await page.goto(`${server.url}/#/marketplace?q=${offerOn}`);
      await page.getByTestId('pack-card').first().click();
      await makeAnOffer(page, `${name}-offer`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('inside Telegram with language_code "ru": the Main Button, the Stars note, Pay (demo), the toasts and an offer in Russian, light and dark', async () => {
    for (const [theme, scheme] of [
      [THEME, 'dark'],
      [LIGHT_THEME, 'light'],
    ] as const) {
      const name = `ru-buying-telegram-390-${scheme}`;
      // The phone's own language says English: Telegram's language_code decides.
      const context = await browser.newContext({ viewport: PHONE, colorScheme: scheme, locale: 'en-US' });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await openInTelegram(page, server.url, { botToken: server.config.botToken!, user: RU_BUYER, theme });
      await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
      await page.getByRole('heading', { name: 'В тренде' }).waitFor();

      await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Маркет' }).click();
      await searchTheMarket(page, scheme === 'dark' ? 'Mochi Feelings' : 'Midnight Ramen', `${name}-market`);
      await seeThePack(page, `${name}-pack`);

      // Stars first inside Telegram, its resale lock said before paying; then TON on the demo rail.
      expect(await page.getByRole('radio', { name: 'Telegram Stars' }).isChecked()).toBe(true);
      await page
        .getByTestId('stars-lock-note')
        .getByText(/^При оплате в Stars экземпляр можно перепродать через 21 день/)
        .waitFor();
      await expect
        .poll(async () => lastMainButton(await telegramEvents(page))?.text)
        .toMatch(new RegExp(`^Купить · ${String.fromCodePoint(0x2b50)} [\\d\\u00a0]+$`));
      await page.locator('label', { hasText: 'TON' }).click();
      await expect
        .poll(async () => lastMainButton(await telegramEvents(page))?.text)
        .toMatch(/^Купить · \d+,\d\d\u00a0TON$/);
      await pressNative(page, 'main_button_pressed');
      await toast(page, 'Экземпляр забронирован — осталось оплатить!').waitFor();
      await expect
        .poll(async () => lastMainButton(await telegramEvents(page))?.text)
        .toMatch(/^Оплатить \(демо\) · \d+,\d\d\u00a0TON$/);
      await allRussian(page, `${name}-pay`);
      await screenshot(page, `${name}-pay`);
      await pressNative(page, 'main_button_pressed');
      await toast(page, 'Покупка прошла успешно! Теперь стикерпак можно скачать.').waitFor();
      await page.getByText(/^Этот пак ваш \(экземпляр № \d+ из \d+\)/).waitFor();
      await allRussian(page, `${name}-owned`);
      await screenshot(page, `${name}-owned`);

      await page.goto(`${server.url}/#/marketplace?q=${scheme === 'dark' ? 'sushi' : 'orbit'}`);
      await page.getByTestId('pack-card').first().click();
      await makeAnOffer(page, `${name}-offer`, true);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('in an English browser the same screens keep SPEC’s English', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.url}/#/marketplace?q=ramen`);
    await page.getByRole('heading', { name: 'Marketplace', level: 1 }).waitFor();
    await page.getByRole('searchbox', { name: 'Search sticker packs' }).waitFor();
    await page.getByTestId('pack-card').first().click();
    const box = page.getByRole('region', { name: 'Buy this pack' });
    await box.getByText(/^\d+ of 120 left · limited edition$/).waitFor();
    await box.getByRole('button', { name: 'Buy Now · 1.50 TON' }).waitFor();
    await page.getByRole('heading', { name: 'Offers' }).waitFor();
    await page.getByRole('button', { name: 'Make offer' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await context.close();
  });
});
