import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGES, type Order } from '@stickerdrop/shared';
import { startTestServer, type TestServer } from './support/app-server';
import {
  DESKTOP,
  PHONE,
  type ColorScheme,
  describeBrowser,
  firstScreen,
  launchChromium,
  screenshot,
  toast,
} from './support/browser';
import { contrastFailures } from './support/contrast';
import { openApp, TESS, WHERE, type Where } from './support/open-app';
import { callApi } from './support/page-api';
import { lastMainButton, pressNative, telegramEvents } from './support/telegram-mock';
import { tables } from '@stickerdrop/core/testing';

const VIEWPORTS = [PHONE, DESKTOP] as const;
/** The first screen of a phone (iPhone 12–15): what is in it needs no scrolling. */
const FIRST_SCREEN_PX = 844;

/** Lets the sheet's slide-in finish before a picture or a contrast check. */
const settle = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/**
 * Issue 20: the screens as collectors use them, at a phone's and a desktop's width, on the plain web and
 * inside the emulated Telegram client: routes open at the top, Telegram's navigation is a tab bar, the
 * price is in the first screen, toasts one at a time and clear of the navigation.
 */
describeBrowser('screens that finish the job', () => {
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

  const open = (
    where: Where,
    viewport: { width: number; height: number },
    scheme: ColorScheme = 'light',
    user = TESS,
  ) => openApp(browser, server, where, viewport, scheme, user);

  async function back(where: Where, page: Page) {
    if (where === 'telegram') await pressNative(page, 'back_button_pressed');
    else await page.goBack();
  }

  const cases = WHERE.flatMap((where) => VIEWPORTS.map((viewport) => ({ where, width: viewport.width, viewport })));

  it.each(cases)(
    '$where at $width px: a new route opens at the top, Back restores the position',
    async ({ where, viewport }) => {
      const { context, page, errors } = await open(where, viewport);
      const card = page.getByTestId('pack-card').last();
      await card.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 40));
      const left = await scrollY(page);
      expect(left).toBeGreaterThan(200);
      const title = (await card.locator('h3, .pack-card__title').first().textContent())!.trim();
      await card.click({ force: true });
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      expect(await scrollY(page)).toBe(0);
      // The pack's picture is below the header, not under it.
      const header = (await page.locator('header').boundingBox())!;
      const picture = (await page.locator('.detail__media > *').first().boundingBox())!;
      expect(picture.y).toBeGreaterThanOrEqual(header.y + header.height);

      await back(where, page);
      await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
      await expect.poll(() => scrollY(page)).toBe(left);

      // Every other route opens at the top too, wherever the last one was scrolled.
      const goScrolled = async (route: string) => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        expect(await scrollY(page)).toBeGreaterThan(0);
        await page.evaluate((hash) => (window.location.hash = hash), route);
      };
      if (where === 'web') {
        await goScrolled('/login');
        await page.getByRole('heading', { name: 'Welcome to Stickerdrop' }).waitFor();
        expect(await scrollY(page)).toBe(0);
        await page.getByRole('button', { name: 'Continue as demo collector' }).click();
        await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
      }
      for (const [route, heading] of [
        ['/marketplace', 'Marketplace'],
        ['/collection', 'My Collection'],
        ['/profile', 'Profile'],
        ['/create', /^(Creator Access Required|Create Sticker Pack)$/],
      ] as const) {
        await goScrolled(route);
        await page
          .locator('main')
          .getByText(heading, { exact: typeof heading === 'string' })
          .first()
          .waitFor();
        expect(await scrollY(page), route).toBe(0);
      }
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each(cases)('$where at $width px: the navigation', async ({ where, viewport }) => {
    const { context, page, errors } = await open(where, viewport);
    if (where === 'telegram') {
      // Telegram's header has the title and the close button: ours keeps the logo and the avatar only.
      expect(await page.getByRole('button', { name: 'Open menu' }).count()).toBe(0);
      expect(await page.locator('header nav').count()).toBe(0);
      await page
        .locator('header')
        .getByRole('link', { name: /Profile of Tess/ })
        .waitFor();
      const tabs = page.getByRole('navigation', { name: 'Main' });
      await expect
        .poll(() => tabs.getByRole('link').allTextContents())
        .toEqual(['Home', 'Marketplace', 'Collection', 'Profile']);
      // Always one tap away: fixed to the bottom of the window, wherever the page is scrolled.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const bar = (await tabs.boundingBox())!;
      expect(Math.round(bar.y + bar.height)).toBe(viewport.height);
      // The footer ends the content above the bar, not under it.
      const footer = (await page.locator('footer').boundingBox())!;
      expect(footer.y + footer.height).toBeLessThanOrEqual(bar.y + 1);
      await firstScreen(page, `screens-tg-${viewport.width}-home-bottom`);
      await tabs.getByRole('link', { name: 'Collection' }).click();
      await page.getByRole('heading', { name: 'My Collection' }).waitFor();
      expect(await tabs.getByRole('link', { name: 'Collection' }).getAttribute('aria-current')).toBe('page');
      await tabs.getByRole('link', { name: 'Profile' }).click();
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      await screenshot(page, `screens-tg-${viewport.width}-profile`);
    } else {
      // The plain web keeps the spec's header, and its drawer at 768 px and below.
      expect(await page.locator('.tabbar').count()).toBe(0);
      const toggle = page.getByRole('button', { name: 'Open menu' });
      if (viewport.width <= 768) {
        await toggle.click();
        await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Marketplace' }).waitFor();
      } else {
        expect(await toggle.isVisible()).toBe(false);
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Marketplace' }).waitFor();
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(cases)(
    '$where at $width px: the price, what is left and Buy are in the first screen',
    async ({ where, viewport }) => {
      const { context, page, errors } = await open(where, viewport);
      const { items } = (await (await fetch(`${server.url}/api/stickers?q=ramen`)).json()) as {
        items: { id: number }[];
      };
      await page.evaluate((id) => (window.location.hash = `/sticker?id=${id}`), items[0]!.id);
      const box = page.getByLabel('Buy this pack');
      await box.waitFor();
      const bottomOf = async (selector: string) => {
        const rect = (await box.locator(selector).boundingBox())!;
        return rect.y + rect.height;
      };
      expect(await bottomOf('.price-box__price')).toBeLessThanOrEqual(FIRST_SCREEN_PX);
      expect(await bottomOf('.price-box__supply')).toBeLessThanOrEqual(FIRST_SCREEN_PX);
      if (where === 'web') {
        expect(await bottomOf('button:has-text("Buy Now")')).toBeLessThanOrEqual(FIRST_SCREEN_PX);
      }
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await screenshot(page, `screens-${where}-${viewport.width}-${scheme}-pack`);
      }
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each(cases)('$where at $width px: one toast at a time, clear of the navigation', async ({ where, viewport }) => {
    const { context, page } = await open(where, viewport);
    const { items } = (await (await fetch(`${server.url}/api/stickers?q=ramen`)).json()) as { items: { id: number }[] };
    await page.evaluate((id) => (window.location.hash = `/sticker?id=${id}`), items[0]!.id);
    await page.getByLabel('Buy this pack').waitFor();
    // Two toasts in a row: the second replaces the first.
    if (where === 'web') {
      await page.getByRole('button', { name: /^Like \(\d+\)$/ }).click();
      await toast(page, MESSAGES.likeRequiresLogin).waitFor();
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.getByRole('button', { name: 'Share' }).click();
      await toast(page, MESSAGES.linkCopied).waitFor();
    } else {
      await page.getByRole('button', { name: 'Make offer' }).click();
      await page.getByLabel('Your offer (TON)').fill('0');
      await page.getByRole('button', { name: 'Send offer' }).click();
      await toast(page, MESSAGES.priceInvalid).waitFor();
      await page.getByLabel('Your offer (TON)').fill('0.001');
      await page.getByRole('button', { name: 'Send offer' }).click();
      await toast(page, MESSAGES.priceInvalid).waitFor();
    }
    expect(await page.locator('.toast').count()).toBe(1);
    const shown = (await page.locator('.toast').boundingBox())!;
    const header = (await page.locator('header').boundingBox())!;
    // Top-centre, below the header's bar (the logo and the avatar stay visible), never over the tab bar.
    expect(shown.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(Math.abs(shown.x + shown.width / 2 - viewport.width / 2)).toBeLessThan(4);
    if (where === 'telegram') {
      const bar = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
      expect(shown.y + shown.height).toBeLessThan(bar.y);
    }
    await screenshot(page, `screens-${where}-${viewport.width}-toast`);
    // A tap dismisses it.
    await page.locator('.toast').click();
    await expect.poll(() => page.locator('.toast').count()).toBe(0);
    await context.close();
  });

  it.each(cases)('$where at $width px: the edition page sells a listed edition', async ({ where, viewport, width }) => {
    const index = cases.findIndex((c) => c.where === where && c.width === width);
    const sellerUser = { id: 777_000_060 + index, first_name: 'Sam', username: `sam${index}` };
    const seller = await open('telegram', PHONE, 'light', sellerUser);
    const [pack] = await server.db.select().from(tables.packs).where(eq(tables.packs.title, 'Mochi Feelings'));
    const { order } = await callApi<{ order: Order }>(seller.page, '/api/marketplace/buy', {
      stickerId: pack!.id,
      paymentMethod: 'demo',
    });
    const paid = await callApi<{ order: Order }>(seller.page, `/api/orders/${order.id}/demo-pay`, {});
    await server.db
      .update(tables.users)
      .set({ walletAddress: `0:${'41'.repeat(32)}` })
      .where(eq(tables.users.id, sellerUser.id));
    const [edition] = await server.db
      .select()
      .from(tables.editions)
      .where(and(eq(tables.editions.packId, pack!.id), eq(tables.editions.serial, paid.order.edition!)));
    await callApi(seller.page, `/api/editions/${edition!.id}/listing`, { price: '1.45' });
    // The seller sees their own controls on the page, no Buy.
    await seller.page.evaluate((id) => (window.location.hash = `/edition?id=${id}`), edition!.id);
    await seller.page.getByText('Listed at 1.45 TON', { exact: true }).waitFor();
    await seller.page.getByRole('button', { name: `Change price of edition #${paid.order.edition}` }).waitFor();
    await seller.page.getByRole('button', { name: 'Cancel listing' }).waitFor();
    expect(await seller.page.getByLabel('Buy this edition').count()).toBe(0);
    await seller.context.close();

    const buyerUser = { id: 777_000_070 + index, first_name: 'Bo', username: `bo${index}` };
    const { context, page, errors } = await open(where, viewport, 'light', buyerUser);
    if (where === 'web') {
      await page.goto(`${server.url}/#/login`);
      await page.getByRole('button', { name: 'Continue as demo collector' }).click();
      await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
    }
    await page.evaluate((id) => (window.location.hash = `/edition?id=${id}`), edition!.id);
    const box = page.getByLabel('Buy this edition');
    await box.getByText('1.45', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Share' }).waitFor();
    await page.getByRole('button', { name: 'Make offer' }).waitFor();
    const priceBottom = await box.locator('.price-box__price').evaluate((el) => el.getBoundingClientRect().bottom);
    expect(priceBottom).toBeLessThanOrEqual(FIRST_SCREEN_PX);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
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
    await toast(page, MESSAGES.purchaseSuccess).waitFor();
    // The edition is the buyer's now: their own Sell, no Buy, and the sale in its provenance.
    await page.getByRole('button', { name: `Sell edition #${paid.order.edition}` }).waitFor();
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
      const [pack] = await server.db.select().from(tables.packs).where(eq(tables.packs.title, 'Kitten Chaos'));
      // Two sales this week at least (each run adds its own): two collectors buy on the demo rail.
      for (const id of [777_000_080 + 2 * index, 777_000_081 + 2 * index]) {
        const buyer = await open('telegram', PHONE, 'light', { id, first_name: 'Kit', username: `kit${id}` });
        const { order } = await callApi<{ order: Order }>(buyer.page, '/api/marketplace/buy', {
          stickerId: pack!.id,
          paymentMethod: 'demo',
        });
        await callApi(buyer.page, `/api/orders/${order.id}/demo-pay`, {});
        await buyer.context.close();
      }
      const { context, page, errors } = await open(where, viewport, 'light');
      await page.evaluate((id) => (window.location.hash = `/sticker?id=${id}`), pack!.id);
      const chart = page.getByTestId('price-chart');
      await chart.scrollIntoViewIfNeeded();
      const priceLabels = await chart.locator('text[data-axis="price"]').allTextContents();
      expect(priceLabels).toHaveLength(3);
      for (const label of priceLabels) expect(label).toMatch(/^\d+\.\d{2}$/);
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
      expect(await chart.getByTestId('price-chart-readout').textContent()).toMatch(/^#\d+ · \d+\.\d{2} TON · /);
      await points.last().click({ force: true });
      expect(await points.last().getAttribute('aria-pressed')).toBe('true');
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
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
        await page.goto(`${server.url}/#/login`);
        await page.getByRole('button', { name: 'Continue as demo collector' }).click();
        await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
      }
      // An edition to sell (the demo collector may own this pack already: then the one it has).
      const [pack] = await server.db.select().from(tables.packs).where(eq(tables.packs.title, 'Orbit Pals'));
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
      await sheet.getByLabel('Resale price').fill('3.4');
      await expect
        .poll(() => sheet.getByTestId('split-table').locator('tr').allInnerTexts())
        .toEqual([
          'Buyer pays\t3.40 TON',
          'Creator royalty (5%)\t0.17 TON',
          'Marketplace fee (2.5%)\t0.085 TON',
          'You receive\t3.145 TON',
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
        await page.emulateMedia({ colorScheme: scheme });
        await settle(page);
        // On the web we choose the palette (inside Telegram the client's theme decides).
        if (where === 'web') expect(await contrastFailures(page)).toEqual([]);
        await firstScreen(page, `screens-${where}-${width}-${scheme}-sell-sheet`);
      }
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
