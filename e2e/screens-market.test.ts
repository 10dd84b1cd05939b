import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { type Order } from '@stickerdrop/shared';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import { PHONE, describeBrowser, firstScreen, toast } from './support/browser';
import { contrastFailures } from './support/contrast';
import { callApi, listEdition, telegramUserApi } from './support/page-api';
import { switchScheme } from './support/both-themes';
import { FIRST_SCREEN_PX, SCREEN_CASES, screensApp } from './support/screen-cases';
import { lastMainButton, pressNative, telegramEvents } from './support/telegram-mock';
import { tables } from '@stickerdrop/core/testing';

/**
 * The market's screens (screens.test.ts has the navigation's): an edition page selling a listed
 * edition, the price chart, and the sell sheet with its split in TON, at a phone's and a desktop's width.
 */
describeBrowser('screens of the market', () => {
  const app = screensApp();
  const open = app.open;

  const cases = SCREEN_CASES;

  /** A Mochi Feelings edition that `seller` bought on the demo rail and listed at 1.45 TON. */
  async function listedEdition(seller: { id: number; first_name: string; username: string }) {
    const [pack] = await app.server().db.select().from(tables.packs).where(eq(tables.packs.title, 'Mochi Feelings'));
    return listEdition(app.server(), seller, pack!.id, '1.45');
  }

  it('the seller of a listed edition sees their own controls on its page, no Buy', async () => {
    const seller = { id: 777_000_059, first_name: 'Sam', username: 'sam' };
    const edition = await listedEdition(seller);
    const { context, page, errors } = await open('telegram', PHONE, 'light', seller);
    await page.evaluate((id) => (window.location.hash = `/edition?id=${id}`), edition.id);
    await page.getByText('Listed at 1.45 TON', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Change price of edition #${edition.serial}` }).waitFor();
    await page.getByRole('button', { name: 'Cancel listing' }).waitFor();
    expect(await page.getByLabel('Buy this edition').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(cases)('$where at $width px: the edition page sells a listed edition', async ({ where, viewport, width }) => {
    const index = cases.findIndex((c) => c.where === where && c.width === width);
    const edition = await listedEdition({ id: 777_000_060 + index, first_name: 'Sam', username: `sam${index}` });
    const buyerUser = { id: 777_000_070 + index, first_name: 'Bo', username: `bo${index}` };
    const { context, page, errors } = await open(where, viewport, 'light', buyerUser);
    if (where === 'web') {
      await page.goto(`${app.server().url}/#/login`);
      await page.getByRole('button', { name: 'Continue as demo collector' }).click();
      await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
    }
    await page.evaluate((id) => (window.location.hash = `/edition?id=${id}`), edition.id);
    const box = page.getByLabel('Buy this edition');
    await box.getByText('1.45', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Share' }).waitFor();
    await page.getByRole('button', { name: 'Make offer' }).waitFor();
    const priceBottom = await box.locator('.price-box__price').evaluate((el) => el.getBoundingClientRect().bottom);
    expect(priceBottom).toBeLessThanOrEqual(FIRST_SCREEN_PX);
    for (const scheme of ['light', 'dark'] as const) {
      await switchScheme(page, where, scheme);
      await firstScreen(page, `screens-${where}-${width}-${scheme}-edition`);
    }
    if (where === 'telegram') {
      await expect
        .poll(async () => lastMainButton(await telegramEvents(page)))
        .toMatchObject({ text: 'Buy · 1.45 TON', is_visible: true, is_active: true });
      expect(await box.getByRole('button').count()).toBe(0);
      await pressNative(page, 'main_button_pressed');
      await expect
        .poll(async () => lastMainButton(await telegramEvents(page)))
        .toMatchObject({ text: 'Pay (demo) · 1.45 TON' });
      await pressNative(page, 'main_button_pressed');
    } else {
      await box.getByRole('button', { name: 'Buy · 1.45 TON' }).click();
      await box.getByTestId('payment-step').waitFor();
      await box.getByRole('button', { name: 'Pay (demo) · 1.45 TON' }).click();
    }
    await toast(page, SPEC_TEXTS.purchaseSuccess).waitFor();
    // The edition is the buyer's now: their own Sell, no Buy, and the sale in its provenance.
    await page.getByRole('button', { name: `Sell edition #${edition.serial}` }).waitFor();
    expect(await page.getByLabel('Buy this edition').count()).toBe(0);
    await page.getByText(/^Owned by \S+ \(you\)/).waitFor();
    await expect.poll(() => page.getByTestId('activity').locator('li').first().textContent()).toContain('Sold');
    if (where === 'telegram') {
      await expect.poll(async () => lastMainButton(await telegramEvents(page))?.is_visible).toBe(false);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(cases)(
    '$where at $width px: the price chart has labelled axes and a point per sale',
    async ({ where, viewport, width }) => {
      const index = cases.findIndex((c) => c.where === where && c.width === width);
      const [pack] = await app.server().db.select().from(tables.packs).where(eq(tables.packs.title, 'Kitten Chaos'));
      // Two sales this week at least (each run adds its own): two collectors buy on the demo rail.
      for (const id of [777_000_080 + 2 * index, 777_000_081 + 2 * index]) {
        const buyer = await telegramUserApi(app.server(), { id, first_name: 'Kit', username: `kit${id}` });
        const { order } = await buyer<{ order: Order }>('/api/marketplace/buy', {
          stickerId: pack!.id,
          paymentMethod: 'demo',
        });
        await buyer(`/api/orders/${order.id}/demo-pay`, {});
      }
      const { context, page, errors } = await open(where, viewport, 'light');
      await page.evaluate((id) => (window.location.hash = `/sticker?id=${id}`), pack!.id);
      const chart = page.getByTestId('price-chart');
      await chart.scrollIntoViewIfNeeded();
      const priceLabels = await chart.locator('text[data-axis="price"]').allTextContents();
      // Three to five labels at round values, one step apart.
      expect(priceLabels.length).toBeGreaterThanOrEqual(3);
      expect(priceLabels.length).toBeLessThanOrEqual(5);
      for (const label of priceLabels) expect(label).toMatch(/^\d+\.\d{2}$/);
      const steps = new Set(
        priceLabels.slice(1).map((label, i) => (Number(label) - Number(priceLabels[i])).toFixed(2)),
      );
      expect(steps.size).toBe(1);
      expect(['0.01', '0.02', '0.05', '0.10', '0.20', '0.25', '0.50', '1.00', '2.00', '2.50', '5.00']).toContain(
        [...steps][0],
      );
      expect(await chart.locator('text[data-axis="date"]').allTextContents()).toContainEqual(
        expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2}$/),
      );
      const points = chart.getByRole('button');
      expect(await points.count()).toBeGreaterThanOrEqual(2);
      // Focus (a keyboard, a screen reader) on a sale reads out its price; a tap picks the one on top.
      await points.first().focus();
      expect(await chart.getByTestId('price-chart-readout').textContent()).toBe(
        await points.first().getAttribute('aria-label'),
      );
      expect(await chart.getByTestId('price-chart-readout').textContent()).toMatch(/#\d+ · \d+\.\d{2}\u00a0TON · /);
      await points.last().click({ force: true });
      expect(await points.last().getAttribute('aria-pressed')).toBe('true');
      for (const scheme of ['light', 'dark'] as const) {
        await switchScheme(page, where, scheme);
        await firstScreen(page, `screens-${where}-${width}-${scheme}-chart`);
      }
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each(cases)(
    '$where at $width px: selling opens a sheet with the split in TON',
    async ({ where, viewport, width }) => {
      const index = cases.findIndex((c) => c.where === where && c.width === width);
      const seller = { id: 777_000_090 + index, first_name: 'Sol', username: `sol${index}` };
      const { context, page, errors } = await open(where, viewport, 'light', seller);
      if (where === 'web') {
        await page.goto(`${app.server().url}/#/login`);
        await page.getByRole('button', { name: 'Continue as demo collector' }).click();
        await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
      }
      // An edition to sell (the demo collector may own this pack already: then the one it has).
      const [pack] = await app.server().db.select().from(tables.packs).where(eq(tables.packs.title, 'Orbit Pals'));
      const bought = await callApi<{ order?: Order }>(page, '/api/marketplace/buy', {
        stickerId: pack!.id,
        paymentMethod: 'demo',
      });
      if (bought.order) await callApi(page, `/api/orders/${bought.order.id}/demo-pay`, {});
      await page.evaluate(() => (window.location.hash = '/collection'));
      const sell = page.getByRole('button', { name: /^Sell edition #\d+$/ }).first();
      const label = (await sell.getAttribute('aria-label'))!;
      await sell.click();
      const sheet = page.getByRole('dialog', { name: label });
      // The sheet's header names the pack on every platform, and the empty price field shows no example.
      await sheet.locator('header').getByText('Orbit Pals', { exact: true }).waitFor();
      expect(await sheet.getByLabel('Resale price').getAttribute('placeholder')).toBeFalsy();
      await sheet.getByLabel('Resale price').fill('3.4');
      await expect
        .poll(() => sheet.getByTestId('split-table').locator('tr').allInnerTexts())
        .toEqual([
          'Buyer pays\t3.40\u00a0TON',
          'Creator royalty (5%)\t0.17\u00a0TON',
          'Marketplace fee (2.5%)\t0.085\u00a0TON',
          'You receive\t3.145\u00a0TON',
        ]);
      await sheet.getByText(/^Floor: /).waitFor();
      await sheet.getByText(/^Last sale: /).waitFor();
      // No wallet yet: linking it is offered in the sheet, and the price stays typed.
      await sheet.getByRole('button', { name: 'Link wallet' }).waitFor();
      expect(await sheet.getByLabel('Resale price').inputValue()).toBe('3.4');
      const box = (await sheet.boundingBox())!;
      if (viewport.width <= 768) expect(Math.round(box.width)).toBe(viewport.width);
      else expect(box.width).toBeLessThanOrEqual(520);
      for (const scheme of ['light', 'dark'] as const) {
        await switchScheme(page, where, scheme);
        // On the web we choose the palette (inside Telegram the client's theme decides).
        if (where === 'web') expect(await contrastFailures(page)).toEqual([]);
        await firstScreen(page, `screens-${where}-${width}-${scheme}-sell-sheet`);
      }
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
