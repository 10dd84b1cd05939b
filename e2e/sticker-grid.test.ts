import { asc, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tables } from '@stickerdrop/core/testing';
import { startTestServer, type TestServer } from './support/app-server';
import { inBothSchemes, switchScheme } from './support/both-themes';
import { DESKTOP, PHONE, describeBrowser, firstScreen, launchChromium, newPage, screenshot } from './support/browser';
import { overflowing } from './support/russian';
import { LIGHT_THEME, THEME, openInTelegram, telegramEvents } from './support/telegram-mock';

const STICKERS = 30;
const RU_VISITOR = { id: 777_000_091, first_name: 'Гоша', username: 'gosha_looks', language_code: 'ru' };

/** The grid's items as laid out: how many rows they make, and whether any leaves the grid sideways. */
async function gridLayout(page: Page) {
  return page.getByTestId('sticker-strip').evaluate((grid) => {
    const box = grid.getBoundingClientRect();
    const items = [...grid.querySelectorAll('li')].map((item) => item.getBoundingClientRect());
    return {
      items: items.length,
      rows: new Set(items.map((item) => Math.round(item.top))).size,
      outside: items.filter((item) => item.left < box.left - 0.5 || item.right > box.right + 0.5).length,
      scrolls: grid.scrollWidth > grid.clientWidth,
    };
  });
}

/**
 * A 30-sticker pack shows as a grid like Telegram's set preview, not one sideways strip; tapping a sticker
 * opens it large with previous and next, fullscreen inside Telegram where the client has it (8.0).
 */
describeBrowser('a pack of many stickers', () => {
  let server: TestServer;
  let browser: Browser;
  let packId: number;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
    // A seeded pack grows to 30 stickers, each a copy of its real first one (the files exist).
    const [pack] = await server.db
      .select({ id: tables.packs.id })
      .from(tables.packs)
      .orderBy(asc(tables.packs.id))
      .limit(1);
    packId = pack!.id;
    const stickers = await server.db
      .select()
      .from(tables.packStickers)
      .where(eq(tables.packStickers.packId, packId))
      .orderBy(asc(tables.packStickers.position));
    const first = stickers[0]!;
    const last = stickers.at(-1)!.position;
    const extra = Array.from({ length: STICKERS - stickers.length }, (_, i) => ({ ...first, position: last + 1 + i }));
    await server.db.insert(tables.packStickers).values(extra);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('at 390 px, light: rows of stickers, a tap opens one large, previous, next and Escape work', async () => {
    const { context, page, errors } = await newPage(browser, PHONE, 'light');
    await page.goto(`${server.url}/#/sticker?id=${packId}`);
    await page.getByTestId('sticker-strip').waitFor();
    // Under the price and Buy, which keep the first screen.
    const buyBox = await page
      .getByRole('button', { name: /^Buy Now · |^Make an offer$/ })
      .first()
      .boundingBox();
    expect(buyBox!.y + buyBox!.height).toBeLessThanOrEqual(PHONE.height);
    await inBothSchemes(page, 'web', async (scheme) => {
      const layout = await gridLayout(page);
      expect(layout).toMatchObject({ items: STICKERS, outside: 0, scrolls: false });
      expect(layout.rows).toBeGreaterThanOrEqual(5);
      await screenshot(page, `sticker-grid-390-${scheme}`);
    });
    await page.getByRole('button', { name: 'Open sticker 7' }).click();
    const viewer = page.getByRole('dialog', { name: 'Sticker 7' });
    await viewer.waitFor();
    await viewer.getByText('7 of 30').waitFor();
    await inBothSchemes(page, 'web', async (scheme) => {
      expect(await viewer.getByRole('button', { name: 'Next' }).isVisible()).toBe(true);
      await firstScreen(page, `sticker-viewer-390-${scheme}`);
    });
    await viewer.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('dialog', { name: 'Sticker 8' }).getByText('8 of 30').waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('dialog', { name: 'Sticker 7' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 1280 px, dark: the grid fills the media column; the viewer closes with its button', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP, 'dark');
    await page.goto(`${server.url}/#/sticker?id=${packId}`);
    await page.getByTestId('sticker-strip').waitFor();
    await inBothSchemes(page, 'web', async (scheme) => {
      expect(await gridLayout(page)).toMatchObject({ items: STICKERS, outside: 0, scrolls: false });
      await screenshot(page, `sticker-grid-1280-${scheme}`);
    });
    await switchScheme(page, 'web', 'dark');
    await page.getByRole('button', { name: 'Open sticker 30' }).click();
    const viewer = page.getByRole('dialog', { name: 'Sticker 30' });
    await viewer.getByText('30 of 30').waitFor();
    await viewer.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('dialog', { name: 'Sticker 1', exact: true }).waitFor();
    await screenshot(page, 'sticker-viewer-1280-dark');
    await page.getByRole('dialog', { name: 'Sticker 1', exact: true }).getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([PHONE, DESKTOP])(
    'inside Telegram in Russian at $width px, light and dark: the grid, and the viewer asks for fullscreen and gives it back',
    async (viewport) => {
      const { context, page, errors } = await newPage(browser, viewport, 'light');
      await openInTelegram(page, server.url, {
        botToken: server.config.botToken!,
        user: { ...RU_VISITOR, id: RU_VISITOR.id + viewport.width },
        startParam: `pack_${packId}`,
        theme: LIGHT_THEME,
      });
      await page.getByTestId('sticker-strip').waitFor();
      const themes = { light: LIGHT_THEME, dark: THEME };
      await inBothSchemes(
        page,
        'telegram',
        async (scheme) => {
          expect(await gridLayout(page)).toMatchObject({ items: STICKERS, outside: 0, scrolls: false });
          expect(await overflowing(page)).toEqual([]);
          await screenshot(page, `sticker-grid-telegram-${viewport.width}-${scheme}-ru`);
        },
        themes,
      );
      await page.getByRole('button', { name: 'Открыть стикер 3', exact: true }).click();
      const viewer = page.getByRole('dialog', { name: 'Стикер 3', exact: true });
      await viewer.getByText('3 из 30').waitFor();
      const sent = async () => (await telegramEvents(page)).map((event) => event.type);
      await expect.poll(sent).toContain('web_app_request_fullscreen');
      await inBothSchemes(
        page,
        'telegram',
        async (scheme) => {
          expect(await overflowing(page)).toEqual([]);
          expect(await viewer.getByRole('button', { name: 'Закрыть' }).isVisible()).toBe(true);
          await firstScreen(page, `sticker-viewer-telegram-${viewport.width}-${scheme}-ru`);
        },
        themes,
      );
      await viewer.getByRole('button', { name: 'Закрыть' }).click();
      await expect.poll(sent).toContain('web_app_exit_fullscreen');
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
