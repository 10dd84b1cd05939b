import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '@stickerdrop/shared';
import { tables } from '@stickerdrop/core/testing';
import { startTestServer, type TestServer } from './support/app-server';
import { DESKTOP, PHONE, describeBrowser, firstScreen, launchChromium, newPage, screenshot } from './support/browser';
import { inBothSchemes } from './support/both-themes';
import type { Where } from './support/open-app';
import { listEdition } from './support/page-api';
import { overflowing, russianBrowser } from './support/russian';
import { LIGHT_THEME, THEME, openInTelegram, pressNative } from './support/telegram-mock';

/**
 * The marketplace's filters as a collector uses them: chosen in the sheet or opened from a shared link,
 * kept in the address through a reload, and narrowing the list to exactly the packs the database holds
 * for them; a choice that leaves nothing says so and resets. On the web and inside the emulated Telegram
 * client, at a phone's and a desktop's width, in both schemes and both languages.
 */
describeBrowser('the marketplace filters', () => {
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

  /** The titles of the packs the database holds for a condition on `packs`, sorted. */
  async function titlesWhere(condition: ReturnType<typeof sql>): Promise<string[]> {
    const rows = await server.db
      .select({ title: tables.packs.title })
      .from(tables.packs)
      .where(sql`${tables.packs.status} = 'listed' and ${condition}`);
    return rows.map((row) => row.title).sort();
  }

  /**
   * Packs a collector can buy within a price range, in nanotons: still sold new at a price in it, or listed
   * on resale at one (a price filter asks what can be bought, not what a sold-out pack once cost).
   */
  const buyableWithin = (min: bigint, max: bigint) =>
    sql`((${tables.packs.soldCount} < ${tables.packs.maxSupply} and ${tables.packs.priceNano} between ${min} and ${max})
      or exists (select 1 from listings l where l.pack_id = ${tables.packs.id} and l.status = 'active'
        and l.price_nano between ${min} and ${max}))`;

  /** The titles the page shows once its list has settled on `count` cards, sorted. */
  async function shownTitles(page: Page, count: number): Promise<string[]> {
    await expect.poll(() => page.getByTestId('pack-card').count()).toBe(count);
    return (await page.locator('.pack-card__title').allTextContents()).sort();
  }

  /** `check`, then a full-page picture `<name>-<scheme>`, in the dark scheme and then the light one. */
  const pictured = (page: Page, where: Where, name: string, check: () => Promise<void>) =>
    inBothSchemes(
      page,
      where,
      async (scheme) => {
        await check();
        await screenshot(page, `${name}-${scheme}`);
      },
      { light: LIGHT_THEME, dark: THEME },
    );

  const go = (page: Page, route: string) => page.evaluate((hash) => (window.location.hash = hash), route);

  it('web, 390 px, light: the sheet narrows the list to the database, and a reload keeps it', async () => {
    const { context, page, errors } = await newPage(browser, PHONE, 'light');
    await page.goto(`${server.url}/#/marketplace`);
    await page.getByTestId('pack-card').first().waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('form', { name: 'Filters' });
    await sheet.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Food' }).click();
    await sheet.getByLabel('Price, TON: From').fill('1');
    await sheet.getByLabel('Price, TON: To').fill('1.6');
    await firstScreen(page, 'collect/filters-web-390-light-sheet');
    await sheet.getByRole('button', { name: 'Show results' }).click();
    await sheet.waitFor({ state: 'detached' });

    const expected = await titlesWhere(
      sql`${tables.packs.category} = 'food' and ${buyableWithin(1_000_000_000n, 1_600_000_000n)}`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await shownTitles(page, expected.length)).toEqual(expected);
    expect(new URL(page.url()).hash).toBe('#/marketplace?category=food&minPrice=1&maxPrice=1.6');
    const active = page.getByRole('group', { name: 'Filters on' });
    await pictured(page, 'web', 'collect/filters-web-390', async () => {
      expect(await active.getByRole('button').allTextContents()).toEqual(['Food', '1–1.6\u00a0TON', 'Reset filters']);
      // The chips in use are all in the window (the sort's chips above them scroll sideways by design).
      for (const chip of await active.getByRole('button').all()) {
        const box = (await chip.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      }
    });

    await page.reload();
    expect(await shownTitles(page, expected.length)).toEqual(expected);
    await active.getByRole('button', { name: 'Remove filter: Food' }).click();
    const byPrice = await titlesWhere(buyableWithin(1_000_000_000n, 1_600_000_000n));
    expect(await shownTitles(page, byPrice.length)).toEqual(byPrice);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('web, 1280 px, dark: a shared link opens filtered, and a choice that leaves nothing resets', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP, 'dark');
    await page.goto(`${server.url}/#/marketplace?format=emoji`);
    const emoji = await titlesWhere(sql`${tables.packs.kind} = 'emoji'`);
    expect(emoji.length).toBeGreaterThan(0);
    expect(await shownTitles(page, emoji.length)).toEqual(emoji);
    await page.getByRole('button', { name: 'Filters, 1 on' }).click();
    const sheet = page.getByRole('form', { name: 'Filters' });
    await sheet.getByRole('group', { name: 'Market' }).getByRole('button', { name: 'From creators' }).click();
    await sheet.getByRole('button', { name: 'Show results' }).click();
    const stillNew = await titlesWhere(
      sql`${tables.packs.kind} = 'emoji' and ${tables.packs.soldCount} < ${tables.packs.maxSupply}`,
    );
    expect(await shownTitles(page, stillNew.length)).toEqual(stillNew);
    await go(page, '/marketplace?format=video&category=food&maxPrice=0.01');
    await page.getByText('No packs match these filters').waitFor();
    expect(await page.getByTestId('pack-card').count()).toBe(0);
    await pictured(page, 'web', 'collect/filters-web-1280-empty', async () => {
      expect(await page.getByRole('button', { name: 'Reset filters' }).last().isVisible()).toBe(true);
    });
    await page.getByRole('button', { name: 'Reset filters' }).last().click();
    // The whole market again: its first page of cards.
    await expect.poll(() => page.getByTestId('pack-card').count()).toBe(DEFAULT_PAGE_SIZE);
    expect(new URL(page.url()).hash).toBe('#/marketplace');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Telegram, 390 px, dark, Russian: resale under a price, chosen with the Main Button', async () => {
    const [mochi] = await server.db
      .select({ id: tables.packs.id })
      .from(tables.packs)
      .where(sql`${tables.packs.title} = 'Mochi Feelings'`);
    await listEdition(server, { id: 777_000_501, first_name: 'Lea', username: 'lea_sells' }, mochi!.id, '1.45');
    const { context, page, errors } = await newPage(browser, PHONE, 'dark');
    const user = { id: 777_000_502, first_name: 'Оля', username: 'olya_filters', language_code: 'ru' };
    await openInTelegram(page, server.url, { botToken: server.config.botToken!, user, theme: THEME });
    await page.getByRole('heading', { name: 'В тренде' }).waitFor();
    await go(page, '/marketplace');
    await page.getByTestId('pack-card').first().waitFor();
    await page.getByRole('button', { name: 'Фильтры' }).click();
    await page.getByRole('group', { name: 'Рынок' }).getByRole('button', { name: 'На перепродаже' }).click();
    await page.getByLabel('Цена, TON: До').fill('2');
    await firstScreen(page, 'collect/filters-telegram-390-dark-ru-sheet');
    await pressNative(page, 'main_button_pressed');
    await page.getByRole('form', { name: 'Фильтры' }).waitFor({ state: 'detached' });
    const listed = await titlesWhere(
      sql`exists (select 1 from listings l where l.pack_id = ${tables.packs.id} and l.status = 'active' and l.price_nano <= 2000000000)`,
    );
    expect(listed).toContain('Mochi Feelings');
    expect(await shownTitles(page, listed.length)).toEqual(listed);
    expect(await page.getByRole('group', { name: 'Включённые фильтры' }).getByRole('button').allTextContents()).toEqual(
      ['На перепродаже', 'До 2\u00a0TON', 'Сбросить фильтры'],
    );
    await pictured(page, 'telegram', 'collect/filters-telegram-390-ru', async () => {
      expect(await overflowing(page)).toEqual([]);
      expect(await page.locator('.pack-card__title').count()).toBe(listed.length);
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Telegram, 1280 px, light: category and format chosen in the sheet match the database', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP, 'light');
    await openInTelegram(page, server.url, { botToken: server.config.botToken!, theme: LIGHT_THEME });
    await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
    await go(page, '/marketplace');
    await page.getByTestId('pack-card').first().waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('form', { name: 'Filters' });
    await sheet.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Nature' }).click();
    await sheet.getByRole('group', { name: 'Format' }).getByRole('button', { name: 'Video' }).click();
    await pressNative(page, 'main_button_pressed');
    await sheet.waitFor({ state: 'detached' });
    const expected = await titlesWhere(
      sql`${tables.packs.category} = 'nature' and ${tables.packs.kind} = 'stickers' and 'video' = any(${tables.packs.stickerFormats})`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await shownTitles(page, expected.length)).toEqual(expected);
    await pictured(page, 'telegram', 'collect/filters-telegram-1280', async () => {
      expect(await overflowing(page)).toEqual([]);
      expect(await page.getByRole('group', { name: 'Filters on' }).getByRole('button').allTextContents()).toEqual([
        'Nature',
        'Video',
        'Reset filters',
      ]);
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('web, 390 px, Russian: the filters speak Russian and fit', async () => {
    const { context, page, errors } = await russianBrowser(browser, PHONE, 'light');
    await page.goto(`${server.url}/#/marketplace?category=animals&minPrice=1`);
    const expected = await titlesWhere(
      sql`${tables.packs.category} = 'animals' and ${buyableWithin(1_000_000_000n, 9_000_000_000_000_000_000n)}`,
    );
    expect(await shownTitles(page, expected.length)).toEqual(expected);
    expect(await page.getByRole('group', { name: 'Включённые фильтры' }).getByRole('button').allTextContents()).toEqual(
      ['Животные', 'От 1\u00a0TON', 'Сбросить фильтры'],
    );
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, 'collect/filters-web-390-light-ru');
    expect(errors).toEqual([]);
    await context.close();
  });
});
