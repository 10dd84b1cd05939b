import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/app-server';
import { DESKTOP, PHONE, describeBrowser, launchChromium, screenshot } from './support/browser';
import { openInTelegram } from './support/telegram-mock';
import { overflowing, russianBrowser } from './support/russian';

/** A Russian-speaking collector: Russian in the browser, or language_code "ru" in Telegram. */
const RU_COLLECTOR = { id: 777_000_061, first_name: 'Оля', username: 'olya', language_code: 'ru' };

describeBrowser('a Russian-speaking collector', () => {
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

  it('sees Home in Russian in a Russian browser, with Russian digits, and nothing cut at 390 px', async () => {
    for (const [viewport, scheme] of [
      [PHONE, 'light'],
      [PHONE, 'dark'],
      [DESKTOP, 'light'],
      [DESKTOP, 'dark'],
    ] as const) {
      const { context, page, errors } = await russianBrowser(browser, viewport, scheme);
      await page.goto(server.url);
      await page.getByRole('heading', { name: 'В тренде' }).waitFor();
      await page.getByRole('heading', { name: 'Лимитированные стикерпаки для Telegram' }).waitFor();
      await page.getByRole('link', { name: 'Открыть маркет' }).waitFor();
      await page.getByLabel('Статистика маркета').getByText('Активные лоты', { exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Почему Stickerdrop?' }).waitFor();
      await page.getByTestId('pack-card').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
      // No English line of the converted screens is left.
      for (const english of ['Trending Stickers', 'Browse Marketplace', 'Active Listings', 'Why Choose Stickerdrop?']) {
        expect(await page.getByText(english, { exact: true }).count(), english).toBe(0);
      }
      if (viewport === PHONE) expect(await overflowing(page)).toEqual([]);
      await screenshot(page, `ru-home-web-${viewport.width}-${scheme}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('inside Telegram with language_code "ru": Russian tabs, and the profile switch changes the app at once and stays', async () => {
    // The phone's own language says English: Telegram's language_code decides.
    const english = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
    const tab = await english.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    await openInTelegram(tab, server.url, { botToken: server.config.botToken!, user: RU_COLLECTOR });
    await expect.poll(() => tab.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    await tab.getByRole('heading', { name: 'В тренде' }).waitFor();
    const tabs = tab.getByRole('navigation', { name: 'Основное меню' });
    for (const name of ['Главная', 'Маркет', 'Коллекция', 'Профиль']) await tabs.getByRole('link', { name }).waitFor();
    expect(await overflowing(tab)).toEqual([]);
    await screenshot(tab, 'ru-home-telegram-390');

    await tabs.getByRole('link', { name: 'Профиль' }).click();
    const choice = tab.getByRole('group', { name: 'Язык приложения и бота' });
    await choice.waitFor();
    expect(await overflowing(tab)).toEqual([]);
    await screenshot(tab, 'ru-profile-telegram-390');
    await choice.getByRole('button', { name: 'English' }).click();
    // At once, without a reload: the tab bar and the switch speak English.
    await tab.getByRole('group', { name: 'Language of the app and the bot' }).waitFor();
    await tab.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Marketplace' }).waitFor();
    expect(await tab.evaluate(() => document.documentElement.lang)).toBe('en');
    // Stored on the account: the API answers with it.
    await expect
      .poll(() =>
        tab.evaluate(async () => {
          const response = await fetch('/api/users/profile', {
            headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
          });
          return ((await response.json()) as { language?: string }).language;
        }),
      )
      .toBe('en');
    // And it stays: a reload opens the profile in English.
    await tab.reload();
    await tab.getByRole('group', { name: 'Language of the app and the bot' }).waitFor();
    await screenshot(tab, 'en-profile-telegram-390');
    expect(errors).toEqual([]);
    await english.close();
  });
});
