import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tables } from '@stickerdrop/core/testing';
import { startTestServer, type TestServer } from './support/app-server';
import { DESKTOP, PHONE, describeBrowser, launchChromium, newPage, screenshot, toast } from './support/browser';
import { overflowing } from './support/russian';
import { LIGHT_THEME, lastMainButton, openInTelegram, pressNative, telegramEvents } from './support/telegram-mock';

const RU_BUYER = { id: 777_000_074, first_name: 'Лена', username: 'lena_gifts', language_code: 'ru' };

/** The gift's claim link on its screen: the code the friend's start parameter carries. */
async function claimCode(page: Page, label: string): Promise<string> {
  const link = await page.getByRole('textbox', { name: label }).inputValue();
  const code = /startapp=gift_([A-Za-z0-9_-]{22})$/.exec(link)?.[1];
  expect(code, link).toBeTruthy();
  return code!;
}

/**
 * "Buy as a gift" on a pack's page: once paid the buyer lands on the gift's link to send, the edition waits
 * as their pending gift. On the web at 1280 px dark, and inside Telegram in Russian through the Main Button.
 */
describeBrowser('buying a pack as a gift', () => {
  let server: TestServer;
  let browser: Browser;
  let packs: { id: number; title: string }[];

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
    packs = await server.db
      .select({ id: tables.packs.id, title: tables.packs.title })
      .from(tables.packs)
      .where(
        and(
          isNull(tables.packs.dropsAt),
          lt(tables.packs.soldCount, tables.packs.maxSupply),
          ne(tables.packs.title, 'Mochi Feelings'),
        ),
      )
      .limit(2);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function pendingGiftOf(code: string) {
    const [gift] = await server.db.select().from(tables.gifts).where(eq(tables.gifts.code, code));
    return gift;
  }

  it('on the web: ticks Buy as a gift, pays, and lands on the link to send', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP, 'dark');
    await page.goto(`${server.url}/#/login`);
    await page.getByRole('button', { name: 'Continue as demo collector' }).click();
    await toast(page, 'Successfully logged in!').waitFor();
    await page.goto(`${server.url}/#/sticker?id=${packs[0]!.id}`);
    await page.getByLabel('Buy as a gift').check();
    await screenshot(page, 'buy-as-gift-1280-dark');
    await page.getByRole('button', { name: /^Buy Now · / }).click();
    await page.getByRole('button', { name: /^Pay \(demo\)/ }).click();
    await toast(page, 'Paid: your gift is ready, send its link to a friend').waitFor();
    await page.getByText('Your gift is waiting for your friend').waitFor();
    const code = await claimCode(page, 'Share the link');
    expect(await pendingGiftOf(code)).toMatchObject({ status: 'pending' });
    await screenshot(page, 'gift-bought-1280-dark');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('inside Telegram in Russian: the Main Button buys the gift, and the link waits to be shared', async () => {
    const { context, page, errors } = await newPage(browser, PHONE, 'light');
    await openInTelegram(page, server.url, {
      botToken: server.config.botToken!,
      user: RU_BUYER,
      startParam: `pack_${packs[1]!.id}`,
      theme: LIGHT_THEME,
    });
    await page.getByLabel('Купить в подарок').check();
    await page.locator('label', { hasText: 'TON' }).click();
    await expect.poll(async () => lastMainButton(await telegramEvents(page))?.text).toMatch(/^Купить · /);
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, 'buy-as-gift-telegram-390-light-ru');
    await pressNative(page, 'main_button_pressed');
    await expect.poll(async () => lastMainButton(await telegramEvents(page))?.text).toMatch(/^Оплатить \(демо\) · /);
    await pressNative(page, 'main_button_pressed');
    await toast(page, 'Оплачено: подарок готов, отправьте ссылку другу').waitFor();
    await page.getByRole('button', { name: 'Поделиться ссылкой' }).waitFor();
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, 'gift-bought-telegram-390-light-ru');
    const [gift] = await server.db.select().from(tables.gifts).where(eq(tables.gifts.senderId, RU_BUYER.id));
    expect(gift).toMatchObject({ status: 'pending' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
