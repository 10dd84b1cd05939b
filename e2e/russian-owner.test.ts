import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Order } from '@stickerdrop/shared';
import { tables } from '@stickerdrop/core/testing';
import { startTestServer, type TestServer } from './support/app-server';
import { DESKTOP, PHONE, describeBrowser, launchChromium, screenshot, toast } from './support/browser';
import { callApi } from './support/page-api';
import { THEME, THEME_LIGHT, openInTelegram } from './support/telegram-mock';
import { overflowing, russianBrowser } from './support/russian';

/** A Russian-speaking creator inside Telegram: language_code "ru", a phone whose own language is English. */
const RU_CREATOR = { id: 777_000_071, first_name: 'Лёша', username: 'lyosha', language_code: 'ru' };
const WALLET = `0:${'41'.repeat(32)}`;

/** An edition bought for the test: its number and its pack's title. */
interface Owned {
  serial: number;
  title: string;
}

/** Nothing cut at a phone's width, and a picture to look at. */
async function checked(page: Page, name: string) {
  if (page.viewportSize()!.width <= PHONE.width) expect(await overflowing(page), name).toEqual([]);
  await screenshot(page, name);
}

describeBrowser('a Russian-speaking owner and creator', () => {
  let server: TestServer;
  let browser: Browser;
  /** Seeded packs on sale; each purchase takes the next one (a collector may own one edition of a pack). */
  let packIds: number[];

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
    const packs = await server.db.select().from(tables.packs).orderBy(tables.packs.id);
    packIds = packs.filter((pack) => pack.soldCount < pack.maxSupply && !pack.dropsAt).map((pack) => pack.id);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** An edition of a seeded pack, bought on the demo rail by whoever the page is signed in as, and a wallet. */
  async function ownEdition(page: Page, userId: number): Promise<Owned> {
    let refusal = '';
    let order: Order | undefined;
    let packId = 0;
    while (!order && packIds.length > 0) {
      packId = packIds.shift()!;
      const bought = await callApi<{ order?: Order; error?: string }>(page, '/api/marketplace/buy', {
        stickerId: packId,
        paymentMethod: 'demo',
      });
      order = bought.order;
      refusal = bought.error ?? '';
    }
    if (!order) throw new Error(`Every demo purchase was refused: ${refusal}`);
    const paid = await callApi<{ order: Order }>(page, `/api/orders/${order.id}/demo-pay`, {});
    await server.db.update(tables.users).set({ walletAddress: WALLET }).where(eq(tables.users.id, userId));
    const [pack] = await server.db.select().from(tables.packs).where(eq(tables.packs.id, packId));
    return { serial: paid.order.edition!, title: pack!.title };
  }

  /** The collection: list the edition through the sell sheet (its split in Russian money), then take it back. */
  async function sellFromCollection(page: Page, { serial, title }: Owned, name: string) {
    await page.goto(`${page.url().split('#')[0]}#/collection`);
    // A fresh load: the session's user now has the wallet set in the database.
    await page.reload();
    await page.getByRole('heading', { name: 'Моя коллекция' }).waitFor();
    await page.getByLabel('Статистика коллекции').getByText('Потрачено всего').waitFor();
    // Another pack's edition may carry the same number: the card of this pack.
    const entry = page.getByTestId('collection-entry').filter({ hasText: title });
    await entry.getByRole('button', { name: `Продать экземпляр № ${serial}` }).click();
    const sheet = page.getByRole('dialog', { name: `Продать экземпляр № ${serial}` });
    await sheet.getByLabel('Цена перепродажи').fill('1234.5');
    await sheet
      .getByRole('row', { name: /Покупатель платит/ })
      .getByText('1\u00a0234,50\u00a0TON')
      .waitFor();
    await sheet.getByText('Роялти автора (5\u00a0%)').waitFor();
    await checked(page, `${name}-sell-sheet`);
    await sheet.getByRole('button', { name: 'Выставить на продажу' }).click();
    await toast(page, 'Выставлен на продажу').waitFor();
    await entry.getByText('Выставлен за 1\u00a0234,50\u00a0TON').waitFor();
    await checked(page, `${name}-collection`);
    await entry.getByRole('button', { name: 'Снять с продажи' }).click();
    await toast(page, 'Снят с продажи').waitFor();
    await entry.getByRole('button', { name: `Продать экземпляр № ${serial}` }).waitFor();
  }

  /** The studio and the create form, in Russian; an empty form is refused with SPEC's rule in Russian. */
  async function studioAndCreateForm(page: Page, name: string) {
    const base = page.url().split('#')[0];
    await page.goto(`${base}#/studio`);
    await page.getByRole('heading', { name: 'Студия' }).waitFor();
    await page.getByRole('button', { name: 'Выгрузить продажи (CSV)' }).waitFor();
    await page.getByRole('heading', { name: 'Продажи по дням' }).waitFor();
    await checked(page, `${name}-studio`);
    await page.goto(`${base}#/create`);
    await page.getByRole('heading', { name: 'Новый стикерпак' }).waitFor();
    await page.getByRole('textbox', { name: 'Название' }).waitFor();
    await page.getByText('Сколько нумерованных экземпляров будет всего: от 1 до 10\u00a0000.').waitFor();
    await checked(page, `${name}-create`);
    await page.getByRole('button', { name: 'Создать стикерпак' }).click();
    await toast(page, 'Выберите файл изображения').waitFor();
  }

  /** The profile's switch: English at once, and back to Russian. */
  async function switchToEnglishAndBack(page: Page, name: string) {
    await page.goto(`${page.url().split('#')[0]}#/profile`);
    await page.getByRole('heading', { name: 'Профиль', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Данные профиля' }).waitFor();
    await checked(page, `${name}-profile`);
    await page.getByRole('group', { name: 'Язык приложения и бота' }).getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Profile Information' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page
      .getByRole('group', { name: 'Language of the app and the bot' })
      .getByRole('button', { name: 'Русский' })
      .click();
    await page.getByRole('heading', { name: 'Данные профиля' }).waitFor();
    await page.getByRole('button', { name: 'Выйти', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
  }

  it('on the web in a Russian browser: signs in, sells from the collection, switches language, opens the studio and the form', async () => {
    for (const [viewport, scheme] of [
      [PHONE, 'light'],
      [PHONE, 'dark'],
      [DESKTOP, 'light'],
    ] as const) {
      const name = `ru-owner-web-${viewport.width}-${scheme}`;
      const { context, page, errors } = await russianBrowser(browser, viewport, scheme);
      await page.goto(`${server.url}/#/login`);
      await page.getByRole('heading', { name: 'Добро пожаловать в Stickerdrop' }).waitFor();
      await page.getByRole('button', { name: 'Войти через Telegram' }).waitFor();
      await checked(page, `${name}-login`);
      await page.getByRole('button', { name: 'Войти как демо-автор' }).click();
      await toast(page, 'Вы вошли!').waitFor();
      const owned = await ownEdition(page, -2);
      await sellFromCollection(page, owned, name);
      await switchToEnglishAndBack(page, name);
      await studioAndCreateForm(page, name);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('inside Telegram with language_code "ru": the same screens in Russian, light and dark', async () => {
    await server.db
      .insert(tables.users)
      .values({ id: RU_CREATOR.id, firstName: RU_CREATOR.first_name, username: RU_CREATOR.username, isCreator: true })
      .onConflictDoUpdate({ target: tables.users.id, set: { isCreator: true } });
    for (const [scheme, theme] of [
      ['light', THEME_LIGHT],
      ['dark', THEME],
    ] as const) {
      const name = `ru-owner-telegram-390-${scheme}`;
      // The phone's own language says English: Telegram's language_code decides.
      const context = await browser.newContext({ viewport: PHONE, colorScheme: scheme, locale: 'en-US' });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await openInTelegram(page, server.url, { botToken: server.config.botToken!, user: RU_CREATOR, theme });
      await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
      await page.getByRole('navigation', { name: 'Основное меню' }).waitFor();
      const owned = await ownEdition(page, RU_CREATOR.id);
      await sellFromCollection(page, owned, name);
      await switchToEnglishAndBack(page, name);
      await studioAndCreateForm(page, name);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
