import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tables } from '@stickerdrop/core/testing';
import { API_ERRORS } from '@stickerdrop/shared';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import { startTestServer, type TestServer } from './support/app-server';
import { inBothSchemes } from './support/both-themes';
import {
  DESKTOP,
  PHONE,
  describeBrowser,
  firstScreen,
  launchChromium,
  newPage,
  screenshot,
  toast,
} from './support/browser';
import { overflowing } from './support/russian';
import {
  LIGHT_THEME,
  THEME,
  lastMainButton,
  openInTelegram,
  pressNative,
  telegramEvents,
} from './support/telegram-mock';

/** The web's demo sign-in ("Continue as demo collector"). */
const DEMO_COLLECTOR_ID = -1;
const RU_BUYER = { id: 777_000_081, first_name: 'Оля', username: 'olya_buys', language_code: 'ru' };

/** The serial the buyer's new edition of the pack has, read from the database. */
async function serialOf(server: TestServer, userId: number, packId: number): Promise<number> {
  const [edition] = await server.db
    .select({ serial: tables.editions.serial })
    .from(tables.editions)
    .where(and(eq(tables.editions.ownerId, userId), eq(tables.editions.packId, packId)));
  return edition!.serial;
}

const THEMES = { light: LIGHT_THEME, dark: THEME };

/** Whether the whole of the element is in the window as it opened, unscrolled: seen without looking for it. */
async function inFirstScreen(element: Locator): Promise<boolean> {
  const box = (await element.boundingBox())!;
  const height = await element.page().evaluate(() => window.innerHeight);
  return box.y >= 0 && box.y + box.height <= height;
}

/** Inside Telegram a purchase ends with the client's success haptic. */
async function expectSuccessHaptic(page: Page): Promise<void> {
  const haptics = (await telegramEvents(page)).filter((event) => event.type === 'web_app_trigger_haptic_feedback');
  expect(haptics).toContainEqual({
    type: 'web_app_trigger_haptic_feedback',
    data: { type: 'notification', notification_type: 'success' },
  });
}

async function signInOnTheWeb(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/#/login`);
  await page.getByRole('button', { name: 'Continue as demo collector' }).click();
  await toast(page, 'Successfully logged in!').waitFor();
}

/**
 * Buying ends in a moment, in the buy box's place: "#6 of 250 is yours", with Add to Telegram, Sell and
 * View collection. On the web at 1280 and 390 px, and inside Telegram in Russian with the Main Button.
 */
describeBrowser('the moment a purchase is paid', () => {
  let server: TestServer;
  let browser: Browser;
  let packs: { id: number; title: string; maxSupply: number }[];

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
    packs = await server.db
      .select({ id: tables.packs.id, title: tables.packs.title, maxSupply: tables.packs.maxSupply })
      .from(tables.packs)
      .where(
        and(
          isNull(tables.packs.dropsAt),
          lt(tables.packs.soldCount, tables.packs.maxSupply),
          ne(tables.packs.title, 'Mochi Feelings'),
        ),
      )
      .limit(4);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('on the web: the serial is yours, Add to Telegram asks the API, Sell opens the edition', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP, 'dark');
    await signInOnTheWeb(page, server.url);
    const pack = packs[0]!;
    await page.goto(`${server.url}/#/sticker?id=${pack.id}`);
    await page.getByRole('button', { name: /^Buy Now · / }).click();
    await page.getByRole('button', { name: /^Pay \(demo\)/ }).click();
    await toast(page, SPEC_TEXTS.purchaseSuccess).waitFor();
    const serial = await serialOf(server, DEMO_COLLECTOR_ID, pack.id);
    const moment = page.getByRole('status', { name: `#${serial} of ${pack.maxSupply} is yours` });
    await moment.waitFor();
    await inBothSchemes(page, 'web', async (scheme) => {
      expect(await inFirstScreen(moment)).toBe(true);
      await firstScreen(page, `purchase-moment-web-1280-${scheme}`);
    });
    // One Add to Telegram on the page: the moment's.
    expect(await page.getByRole('button', { name: 'Add to Telegram' }).count()).toBe(1);
    // The demo account has no Telegram chat for the bot to send the set to: the API says so.
    await moment.getByRole('button', { name: 'Add to Telegram' }).click();
    await toast(page, API_ERRORS.telegramAccountRequired).waitFor();
    const sell = moment.getByRole('button', { name: 'Sell' });
    await expect.poll(() => sell.isEnabled()).toBe(true);
    await sell.click();
    await page.waitForURL(/#\/edition\?id=\d+/);
    await page.getByText(`#${serial}`, { exact: false }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone at 390 px, light: View collection opens the collection with the new edition', async () => {
    const { context, page, errors } = await newPage(browser, PHONE, 'light');
    await signInOnTheWeb(page, server.url);
    const pack = packs[1]!;
    await page.goto(`${server.url}/#/sticker?id=${pack.id}`);
    await page.getByRole('button', { name: /^Buy Now · / }).click();
    await page.getByRole('button', { name: /^Pay \(demo\)/ }).click();
    const moment = page.getByRole('status', { name: new RegExp(`^#\\d+ of ${pack.maxSupply} is yours$`) });
    await moment.waitFor();
    await inBothSchemes(page, 'web', async (scheme) => {
      expect(await moment.isVisible()).toBe(true);
      expect(await overflowing(page)).toEqual([]);
      await screenshot(page, `purchase-moment-web-390-${scheme}`);
    });
    await moment.getByRole('button', { name: 'View collection' }).click();
    await page.getByRole('heading', { name: 'My Collection' }).waitFor();
    await page.getByTestId('pack-card').filter({ hasText: pack.title }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('inside Telegram in Russian, dark: the Main Button pays, haptics say success, the moment speaks Russian', async () => {
    const { context, page, errors } = await newPage(browser, PHONE, 'dark');
    const pack = packs[2]!;
    await openInTelegram(page, server.url, {
      botToken: server.config.botToken!,
      user: RU_BUYER,
      startParam: `pack_${pack.id}`,
      theme: THEME,
    });
    await page.locator('label', { hasText: 'TON' }).click();
    await expect.poll(async () => lastMainButton(await telegramEvents(page))?.text).toMatch(/^Купить · /);
    await pressNative(page, 'main_button_pressed');
    await expect.poll(async () => lastMainButton(await telegramEvents(page))?.text).toMatch(/^Оплатить \(демо\) · /);
    await pressNative(page, 'main_button_pressed');
    await page.getByRole('status', { name: /теперь ваш$/ }).waitFor();
    const serial = await serialOf(server, RU_BUYER.id, pack.id);
    const moment = page.getByRole('status', { name: `Экземпляр № ${serial} из ${pack.maxSupply} теперь ваш` });
    await moment.waitFor();
    await moment.getByRole('button', { name: 'Продать' }).waitFor();
    await moment.getByRole('button', { name: 'Открыть коллекцию' }).waitFor();
    // Add to Telegram is the native Secondary Button inside Telegram, not a page button.
    expect(await page.getByRole('button', { name: 'Добавить в Telegram' }).count()).toBe(0);
    await expectSuccessHaptic(page);
    await inBothSchemes(
      page,
      'telegram',
      async (scheme) => {
        expect(await overflowing(page)).toEqual([]);
        await screenshot(page, `purchase-moment-telegram-390-${scheme}-ru`);
      },
      THEMES,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('inside Telegram at 1280 px, light and dark: the moment in the first screen, with haptics', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP, 'light');
    const pack = packs[3]!;
    const buyer = { id: 777_000_082, first_name: 'Max', username: 'max_buys' };
    await openInTelegram(page, server.url, {
      botToken: server.config.botToken!,
      user: buyer,
      startParam: `pack_${pack.id}`,
      theme: LIGHT_THEME,
    });
    await page.locator('label', { hasText: 'TON' }).click();
    await expect.poll(async () => lastMainButton(await telegramEvents(page))?.text).toMatch(/^Buy Now · /);
    await pressNative(page, 'main_button_pressed');
    await expect.poll(async () => lastMainButton(await telegramEvents(page))?.text).toMatch(/^Pay \(demo\) · /);
    await pressNative(page, 'main_button_pressed');
    await page.getByRole('status', { name: / is yours$/ }).waitFor();
    const serial = await serialOf(server, buyer.id, pack.id);
    const moment = page.getByRole('status', { name: `#${serial} of ${pack.maxSupply} is yours` });
    await moment.waitFor();
    await expectSuccessHaptic(page);
    await inBothSchemes(
      page,
      'telegram',
      async (scheme) => {
        expect(await inFirstScreen(moment)).toBe(true);
        await moment.getByRole('button', { name: 'View collection' }).waitFor();
        expect(await overflowing(page)).toEqual([]);
        await firstScreen(page, `purchase-moment-telegram-1280-${scheme}`);
      },
      THEMES,
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
