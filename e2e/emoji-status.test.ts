import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Order } from '@stickerdrop/shared';
import { createAccessTokens } from '@stickerdrop/core';
import { tables } from '@stickerdrop/core/testing';
import { startTestServer, type TestServer } from './support/app-server';
import { DESKTOP, PHONE, describeBrowser, firstScreen, launchChromium, newPage, screenshot } from './support/browser';
import { inBothSchemes } from './support/both-themes';
import { callApi } from './support/page-api';
import { overflowing } from './support/russian';
import { LIGHT_THEME, THEME, openInTelegram, telegramEvents, type TelegramLaunch } from './support/telegram-mock';

const OWNER = { id: 777_000_141, first_name: 'Emma', username: 'emma_emoji' };
const RU_OWNER = { id: 777_000_142, first_name: 'Эмиль', username: 'emil_emoji', language_code: 'ru' };

/**
 * The owner of an edition of a custom emoji pack makes one of its emoji their Telegram emoji status from the
 * sticker viewer (Mini Apps 8.0), by the id Telegram gave it in the owner's own set. Only inside Telegram:
 * at 390 and 1280 px in both themes; the web and older clients offer none.
 */
describeBrowser('an emoji status from an owned custom emoji pack', () => {
  let server: TestServer;
  let browser: Browser;
  let packId: number;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
    const packs = await server.db.select().from(tables.packs).where(eq(tables.packs.kind, 'emoji'));
    packId = packs.find((pack) => pack.soldCount + 2 < pack.maxSupply && !pack.dropsAt)!.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Opens the pack in Telegram as `user`, who buys an edition of it on the demo rail. */
  async function ownerInTelegram(page: Page, launch: Omit<TelegramLaunch, 'botToken' | 'startParam'>) {
    await openInTelegram(page, server.url, {
      ...launch,
      botToken: server.config.botToken!,
      startParam: `pack_${packId}`,
    });
    await page.getByTestId('sticker-strip').waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).not.toBeNull();
    const { order } = await callApi<{ order: Order }>(page, '/api/marketplace/buy', {
      stickerId: packId,
      paymentMethod: 'demo',
    });
    await callApi(page, `/api/orders/${order.id}/demo-pay`, {});
  }

  /** The owner's set as the bot records it once made in Telegram, with the ids Telegram gave its emoji. */
  async function setMadeInTelegram(userId: number): Promise<string[]> {
    const stickers = await server.db.select().from(tables.packStickers).where(eq(tables.packStickers.packId, packId));
    const ids = stickers.map((_, i) => String(5_360_000_000_000_000_100n + BigInt(userId % 1000) * 100n + BigInt(i)));
    await server.db.insert(tables.telegramStickerSets).values({
      userId,
      packId,
      name: `p${packId}_e2e${userId}_by_bot`,
      completedAt: new Date(),
      customEmojiIds: ids,
    });
    return ids;
  }

  it('in Telegram at 390 px, dark: first "add it", then the emoji Telegram asks about becomes the status', async () => {
    const { context, page, errors } = await newPage(browser, PHONE, 'dark');
    await ownerInTelegram(page, { user: OWNER, theme: THEME });
    await page.reload();
    await page.getByRole('button', { name: 'Open sticker 2' }).click();
    const viewer = page.getByRole('dialog', { name: 'Sticker 2' });
    await viewer.getByText('Add the pack to Telegram first: your emoji status uses your own set.').waitFor();
    await viewer.getByRole('button', { name: 'Close' }).click();

    const ids = await setMadeInTelegram(OWNER.id);
    await page.reload();
    await page.getByRole('button', { name: 'Open sticker 2' }).click();
    await page.getByRole('dialog', { name: 'Sticker 2' }).getByRole('button', { name: 'Set as emoji status' }).click();
    await page.getByRole('status').filter({ hasText: 'Emoji status set' }).waitFor();
    const asked = (await telegramEvents(page)).filter((event) => event.type === 'web_app_set_emoji_status');
    expect(asked.map((event) => event.data?.custom_emoji_id)).toEqual([ids[1]]);
    await screenshot(page, 'emoji-status-telegram-390-dark');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in Telegram in Russian at 390 px, light: the same, in Russian, nothing cut', async () => {
    const { context, page, errors } = await newPage(browser, PHONE, 'light');
    await ownerInTelegram(page, { user: RU_OWNER });
    const ids = await setMadeInTelegram(RU_OWNER.id);
    await page.reload();
    await page.getByRole('button', { name: 'Открыть стикер 1', exact: true }).click();
    const viewer = page.getByRole('dialog', { name: 'Стикер 1', exact: true });
    await viewer.getByRole('button', { name: 'Сделать эмодзи-статусом' }).click();
    await page.getByRole('status').filter({ hasText: 'Эмодзи-статус установлен' }).waitFor();
    expect(await overflowing(page)).toEqual([]);
    const asked = (await telegramEvents(page)).filter((event) => event.type === 'web_app_set_emoji_status');
    expect(asked.map((event) => event.data?.custom_emoji_id)).toEqual([ids[0]]);
    await screenshot(page, 'emoji-status-telegram-390-light-ru');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in Telegram at 1280 px, light and dark: the viewer offers it in reach, and the status is set', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP, 'light');
    const user = { id: OWNER.id + 20, first_name: 'Eda', username: 'eda_emoji' };
    await ownerInTelegram(page, { user, theme: LIGHT_THEME });
    const ids = await setMadeInTelegram(user.id);
    await page.reload();
    await page.getByRole('button', { name: 'Open sticker 3', exact: true }).click();
    const viewer = page.getByRole('dialog', { name: 'Sticker 3', exact: true });
    const set = viewer.getByRole('button', { name: 'Set as emoji status' });
    await inBothSchemes(
      page,
      'telegram',
      async (scheme) => {
        // In the window, and what a tap there reaches is the button.
        const box = (await set.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(DESKTOP.height);
        expect(
          await set.evaluate((button) => {
            const { x, y, width, height } = button.getBoundingClientRect();
            return button.contains(document.elementFromPoint(x + width / 2, y + height / 2));
          }),
        ).toBe(true);
        expect(await overflowing(page)).toEqual([]);
        await firstScreen(page, `emoji-status-telegram-1280-${scheme}`);
      },
      { light: LIGHT_THEME, dark: THEME },
    );
    await set.click();
    await page.getByRole('status').filter({ hasText: 'Emoji status set' }).waitFor();
    const asked = (await telegramEvents(page)).filter((event) => event.type === 'web_app_set_emoji_status');
    expect(asked.map((event) => event.data?.custom_emoji_id)).toEqual([ids[2]]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in a client older than 8.0, and on the web at 1280 px: no emoji status is offered', async () => {
    const older = await newPage(browser, PHONE, 'light');
    const user = { id: OWNER.id + 10, first_name: 'Olga' };
    await ownerInTelegram(older.page, { user, version: '7.10' });
    await setMadeInTelegram(user.id);
    await older.page.reload();
    await noEmojiStatusOffered(older.page);
    expect(older.errors).toEqual([]);
    await older.context.close();

    // The same owner on the plain web, signed in with a token the API signed.
    const web = await newPage(browser, DESKTOP, 'dark');
    const token = await createAccessTokens(server.config.jwtSecret).sign(user.id);
    await web.page.addInitScript((access) => localStorage.setItem('accessToken', access), token);
    await web.page.goto(`${server.url}/#/sticker?id=${packId}`);
    await noEmojiStatusOffered(web.page);
    await screenshot(web.page, 'emoji-status-none-web-1280-dark');
    expect(web.errors).toEqual([]);
    await web.context.close();
  });

  /** The owner's viewer shows the sticker and its count, and no emoji status. */
  async function noEmojiStatusOffered(page: Page) {
    await page.getByRole('button', { name: 'Open sticker 1', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Sticker 1', exact: true })
      .getByText(/^1 of /)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Set as emoji status' }).count()).toBe(0);
    expect(await page.getByText('Add the pack to Telegram first', { exact: false }).count()).toBe(0);
  }
});
