import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listings, tables } from '@stickerdrop/core/testing';
import { startTestServer, type TestServer } from './support/app-server';
import { DESKTOP, PHONE, describeBrowser, firstScreen, launchChromium, newPage, screenshot } from './support/browser';
import { inBothSchemes } from './support/both-themes';
import { listEdition } from './support/page-api';
import { overflowing, russianBrowser } from './support/russian';
import { FIRST_SCREEN_PX } from './support/screen-cases';
import { LIGHT_THEME, THEME, openInTelegram } from './support/telegram-mock';

const THEMES = { light: LIGHT_THEME, dark: THEME };

/**
 * Home inside Telegram leads with packs (trending, new drops, on resale), not the web's banner; its
 * figures count what they name ("Active Listings" are resale listings open now, as the database holds
 * them); the figures of Home, the marketplace and the collection take one short row on a phone.
 */
describeBrowser('Home inside Telegram, and figures that say what they count', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
    const [pack] = await server.db
      .select({ id: tables.packs.id })
      .from(tables.packs)
      .where(sql`${tables.packs.title} = 'Donut Worry'`);
    await listEdition(server, { id: 777_000_530, first_name: 'Rex', username: 'rex_lists' }, pack!.id, '1.9');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const openListings = async () => {
    const [row] = await server.db
      .select({ count: sql<number>`count(*)::int` })
      .from(listings)
      .where(sql`${listings.status} = 'active'`);
    return row!.count;
  };

  /** The tiles of a figures row: one row when every tile has the same top; and the row's height. */
  const tilesRow = (page: Page, label: string) =>
    page.getByLabel(label, { exact: true }).evaluate((row) => {
      const tops = [...row.querySelectorAll('.stat-tile')].map((tile) => Math.round(tile.getBoundingClientRect().top));
      return { tiles: tops.length, rows: new Set(tops).size, height: row.getBoundingClientRect().height };
    });

  /** The figure shown under a tile's label. */
  const figure = (page: Page, label: string) =>
    page
      .locator('.stat-tile', { has: page.locator('dt', { hasText: label }) })
      .locator('dd')
      .textContent();

  async function openHomeInTelegram(viewport: { width: number; height: number }, dark: boolean, language: string) {
    const opened = await newPage(browser, viewport, dark ? 'dark' : 'light');
    const user = {
      id: 777_000_531 + viewport.width,
      first_name: 'Ivy',
      username: `ivy${viewport.width}`,
      language_code: language,
    };
    await openInTelegram(opened.page, server.url, {
      botToken: server.config.botToken!,
      user,
      theme: dark ? THEME : LIGHT_THEME,
    });
    return opened;
  }

  it('Telegram, 390 px, light and dark: packs first, in three shelves, and the figures in one short row', async () => {
    const { context, page, errors } = await openHomeInTelegram(PHONE, false, 'en');
    await page.getByTestId('home-resale').getByTestId('pack-card').first().waitFor();
    const headings = await page.locator('main h1, main h2').allTextContents();
    expect(headings).toEqual(['Trending Stickers', 'New drops', 'On resale']);
    expect(await page.locator('.hero').count()).toBe(0);
    const firstCard = await page.getByTestId('pack-card').first().boundingBox();
    expect(firstCard!.y + firstCard!.height / 2).toBeLessThan(FIRST_SCREEN_PX);
    expect(await page.getByTestId('home-resale').locator('.pack-card__title').allTextContents()).toContain(
      'Donut Worry',
    );
    const drops = await page.getByTestId('home-drops').locator('.pack-card__title').first().textContent();
    const [newest] = await server.db
      .select({ title: tables.packs.title })
      .from(tables.packs)
      .where(sql`${tables.packs.status} = 'listed' and ${tables.packs.soldCount} < ${tables.packs.maxSupply}`)
      .orderBy(sql`${tables.packs.createdAt} desc, ${tables.packs.id} desc`)
      .limit(1);
    expect(drops).toBe(newest!.title);
    expect(await figure(page, 'Active Listings')).toBe(String(await openListings()));
    await inBothSchemes(
      page,
      'telegram',
      async (scheme) => {
        expect(await tilesRow(page, 'Marketplace statistics')).toMatchObject({ tiles: 4, rows: 1 });
        expect((await tilesRow(page, 'Marketplace statistics')).height).toBeLessThan(80);
        expect(await page.locator('.hero').count()).toBe(0);
        await screenshot(page, `collect/home-telegram-390-${scheme}`);
      },
      THEMES,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Telegram, 1280 px, dark and light, Russian: the same shelves in Russian, nothing cut', async () => {
    const { context, page, errors } = await openHomeInTelegram(DESKTOP, true, 'ru');
    await page.getByTestId('home-resale').getByTestId('pack-card').first().waitFor();
    expect(await page.locator('main h1, main h2').allTextContents()).toEqual([
      'В тренде',
      'Новые дропы',
      'На перепродаже',
    ]);
    expect(await figure(page, 'Активные лоты')).toBe(String(await openListings()));
    await inBothSchemes(
      page,
      'telegram',
      async (scheme) => {
        expect(await overflowing(page)).toEqual([]);
        const firstCard = (await page.getByTestId('pack-card').first().boundingBox())!;
        expect(firstCard.y + firstCard.height / 2).toBeLessThan(DESKTOP.height);
        await screenshot(page, `collect/home-telegram-1280-${scheme}-ru`);
      },
      THEMES,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('web, 390 px, Russian: the landing page stays, its Active Listings counting listings', async () => {
    const { context, page, errors } = await russianBrowser(browser, PHONE, 'dark');
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'В тренде' }).waitFor();
    expect(await page.locator('.hero').count()).toBe(1);
    await expect.poll(() => figure(page, 'Активные лоты')).toBe(String(await openListings()));
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, 'collect/home-web-390-dark-ru');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    { where: 'web' as const, dark: true },
    { where: 'telegram' as const, dark: false },
  ])('$where, 390 px: the marketplace and the collection figures take one short row', async ({ where, dark }) => {
    const { context, page, errors } =
      where === 'telegram' ? await openHomeInTelegram(PHONE, dark, 'en') : await newPage(browser, PHONE, 'dark');
    if (where === 'web') {
      await page.goto(`${server.url}/#/login`);
      await page.getByRole('button', { name: 'Continue as demo collector' }).click();
    }
    await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
    await page.evaluate(() => (window.location.hash = '/marketplace'));
    await page.getByTestId('pack-card').first().waitFor();
    const market = await tilesRow(page, 'Marketplace statistics');
    expect(market).toMatchObject({ tiles: 4, rows: 1 });
    expect(market.height).toBeLessThan(80);
    await firstScreen(page, `collect/marketplace-${where}-390-${dark ? 'dark' : 'light'}`);
    await page.evaluate(() => (window.location.hash = '/collection'));
    await page.getByRole('heading', { name: 'My Collection', level: 1 }).waitFor();
    const collection = await tilesRow(page, 'Collection statistics');
    expect(collection).toMatchObject({ tiles: 4, rows: 1 });
    expect(collection.height).toBeLessThan(80);
    await firstScreen(page, `collect/collection-${where}-390-${dark ? 'dark' : 'light'}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
