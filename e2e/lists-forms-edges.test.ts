import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Order } from '@stickerdrop/shared';
import { CREATE_FORM_FIELDS_EN } from './support/create-form-texts';
import { startTestServer, type TestServer } from './support/app-server';
import { DESKTOP, PHONE, SCREENSHOTS, describeBrowser, launchChromium } from './support/browser';
import { shotsInBothThemes } from './support/both-themes';
import { openApp, WHERE, type Where } from './support/open-app';
import { callApi, listEdition } from './support/page-api';

/** Where the pictures of these screens go, to be looked at (as the acceptance asks). */
const SHOTS = path.join(SCREENSHOTS, 'polish');
const VIEWPORTS = [PHONE, DESKTOP] as const;
const cases = WHERE.flatMap((where, w) =>
  VIEWPORTS.map((viewport, v) => ({ where, width: viewport.width, viewport, index: w * 2 + v })),
);

/**
 * At a phone's and a desktop's width, on the plain web and inside the
 * emulated Telegram client: lists with aligned columns and relative times, the finished create form,
 * and the edge states (nothing on resale, primary sales counted, a second edition bought from resale).
 */
describeBrowser('lists, the create form and edge states', () => {
  let server: TestServer;
  let browser: Browser;
  let png: string;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
    png = path.join(os.tmpdir(), `polish-${process.pid}.png`);
    await sharp({ create: { width: 512, height: 512, channels: 4, background: '#e4572e' } })
      .png()
      .toFile(png);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Opened and signed in: inside Telegram by its init data, on the web as the demo collector or creator. */
  async function signedIn(where: Where, viewport: { width: number; height: number }, index: number, creator = false) {
    const user = { id: 777_000_400 + index + (creator ? 10 : 0), first_name: 'Pia', username: `pia${index}` };
    const opened = await openApp(browser, server, where, viewport, 'light', user);
    if (where === 'web') {
      await opened.page.goto(`${server.url}/#/login`);
      await opened.page.getByRole('button', { name: `Continue as demo ${creator ? 'creator' : 'collector'}` }).click();
      await opened.page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
    }
    return opened;
  }

  const go = (page: Page, route: string) => page.evaluate((hash) => (window.location.hash = hash), route);

  // First in the file: nothing is listed yet on this server.
  it.each(cases)('$where at $width px: edge states of the market', async ({ where, viewport, width }) => {
    const { context, page, errors } = await openApp(browser, server, where, viewport);
    await go(page, '/marketplace?market=resale');
    await page.getByText('Nothing is on resale right now').waitFor();
    expect(await page.getByText('No sticker packs found').count()).toBe(0);
    await shotsInBothThemes(page, where, SHOTS, `${where}-${width}-resale-empty`);
    await page.getByRole('button', { name: 'Show all packs' }).click();
    await page.getByTestId('pack-card').first().waitFor();
    // Titles take two lines before they are cut: none is cut short of what two lines hold.
    const titles = await page.locator('.pack-card__title').evaluateAll((nodes) =>
      nodes.map((node) => ({
        clamp: getComputedStyle(node).webkitLineClamp,
        cut: node.scrollHeight > node.clientHeight + 1,
      })),
    );
    expect(titles.every((title) => title.clamp === '2' && !title.cut)).toBe(true);
    await shotsInBothThemes(page, where, SHOTS, `${where}-${width}-marketplace`);

    // A demo pack that sold this week: its chart has sales and its last sale is a price, not "—".
    const trending = (await (await fetch(`${server.url}/api/stickers/trending/list?limit=6`)).json()) as {
      id: number;
    }[];
    await go(page, `/sticker?id=${trending[0]!.id}`);
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    await expect.poll(() => page.getByText(/^Last sale: \d+\.\d{2}\u00a0TON \(#\d+\)$/).count()).toBe(1);
    await page.getByRole('group', { name: /^Price history: \d+ sales$/ }).waitFor();
    expect(await page.getByText('No sales in the last 30 days').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(cases)(
    '$where at $width px: the pack market lists in aligned columns with relative times, and an owner buys another',
    async ({ where, viewport, width, index }) => {
      const packs = (await (await fetch(`${server.url}/api/stickers?sort=newest`)).json()) as {
        items: { id: number; soldCount: number; maxSupply: number }[];
      };
      const pack = packs.items.filter((item) => item.maxSupply - item.soldCount > 4)[index]!;
      // A seller inside Telegram buys an edition and lists it at 3.40.
      const sellerUser = { id: 777_000_420 + index, first_name: 'Sol', username: `sol${index}` };
      const edition = await listEdition(server, sellerUser, pack.id, '3.40');

      // The viewer owns an edition of the same pack already.
      const { context, page, errors } = await signedIn(where, viewport, index);
      const own = await callApi<{ order: Order }>(page, '/api/marketplace/buy', {
        stickerId: pack.id,
        paymentMethod: 'demo',
      });
      await callApi(page, `/api/orders/${own.order.id}/demo-pay`, {});
      await go(page, `/sticker?id=${pack.id}`);
      await page.getByText(/You own this pack/).waitFor();
      const listings = page.getByRole('list', { name: 'Listings' });
      await listings.waitFor();
      // Owning one edition does not stop buying another from resale.
      expect(await listings.getByRole('button', { name: 'Buy' }).isEnabled()).toBe(true);
      await page.getByText(/^Last sale: \d+\.\d{2}\u00a0TON \(#\d+\)$/).waitFor();

      const activity = page.getByTestId('activity');
      await activity.locator('.market__row').nth(2).waitFor();
      const rows = await activity.locator('.market__row').evaluateAll((nodes) =>
        nodes.map((row) => {
          const price = row.querySelector('.market__price')!.getBoundingClientRect();
          const time = row.querySelector('.market__time')!.getBoundingClientRect();
          const line = parseFloat(getComputedStyle(row).lineHeight) || 20;
          return {
            priceRight: Math.round(price.right),
            timeRight: Math.round(time.right),
            priceHeight: price.height,
            line,
          };
        }),
      );
      // Prices end on one line down the list, times on another, and neither wraps ("3.40 TON" whole).
      expect(new Set(rows.map((row) => row.priceRight)).size).toBe(1);
      expect(new Set(rows.map((row) => row.timeRight)).size).toBe(1);
      for (const row of rows) expect(row.priceHeight).toBeLessThan(row.line * 1.5);

      const when = activity.locator('.relative-time').first();
      expect(await when.textContent()).toMatch(/ago|now|yesterday/);
      const exact = (await when.getAttribute('title'))!;
      expect(exact).toMatch(/\d{4}/);
      await when.click();
      expect(await when.textContent()).toBe(exact);
      await when.click();
      expect(await when.textContent()).not.toBe(exact);
      await shotsInBothThemes(page, where, SHOTS, `${where}-${width}-pack-market`);

      await go(page, `/edition?id=${edition.id}`);
      await page.getByRole('heading', { name: 'Provenance' }).waitFor();
      await page.getByTestId('activity').locator('.relative-time').first().waitFor();
      await shotsInBothThemes(page, where, SHOTS, `${where}-${width}-edition`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each(cases)('$where at $width px: the create form is finished', async ({ where, viewport, width, index }) => {
    const { context, page, errors } = await signedIn(where, viewport, index, true);
    await go(page, '/create');
    if (where === 'telegram') {
      // One way to become a creator: the button, no "contact support" beside it.
      const become = page.getByRole('button', { name: 'Become a creator' });
      await become.waitFor();
      expect(await page.getByText(/contact support/i).count()).toBe(0);
      await shotsInBothThemes(page, where, SHOTS, `${where}-${width}-create-locked`);
      await become.click();
    }
    const picker = page.locator('.sticker-picker');
    await picker.getByText('Choose files').waitFor();
    expect(
      await page.getByLabel('Stickers', { exact: true }).evaluate((input) => getComputedStyle(input).opacity),
    ).toBe('0');
    // Every field's label shows whole, with its help below it.
    const headers = await page
      .locator('.create__field h6')
      .evaluateAll((nodes) =>
        nodes.map((node) => ({ text: node.textContent, cut: node.scrollWidth > node.clientWidth + 1 })),
      );
    expect(headers.filter((header) => header.cut)).toEqual([]);
    for (const { help } of Object.values(CREATE_FORM_FIELDS_EN)) await page.getByText(help).waitFor();
    await shotsInBothThemes(page, where, SHOTS, `${where}-${width}-create-empty`);

    const files = page.getByLabel('Stickers', { exact: true });
    await files.setInputFiles([png]);
    await page.getByRole('img', { name: /^Preview of polish-/ }).waitFor();
    await files.setInputFiles([png]);
    await expect.poll(() => page.getByRole('img', { name: /^Preview of polish-/ }).count()).toBe(2);
    await picker.getByText('2 chosen · Add more').waitFor();
    await shotsInBothThemes(page, where, SHOTS, `${where}-${width}-create-chosen`);
    await page
      .getByRole('button', { name: /^Remove polish-/ })
      .first()
      .click();
    await expect.poll(() => page.getByRole('img', { name: /^Preview of polish-/ }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
