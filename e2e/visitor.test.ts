import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_ERRORS, MESSAGES } from '@stickerdrop/shared';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import { startTestServer, type TestServer } from './support/app-server';
import { DESKTOP, PHONE, describeBrowser, launchChromium, newPage, screenshot, toast } from './support/browser';

describeBrowser('a visitor on the plain web', () => {
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

  it('sees Home: hero, four statistics, at most 6 trending packs, Why Choose', async () => {
    for (const [name, viewport] of [
      ['home-1280', DESKTOP],
      ['home-390', PHONE],
    ] as const) {
      const { context, page, errors } = await newPage(browser, viewport);
      await page.goto(server.url);
      await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
      await page.getByTestId('pack-card').first().waitFor();
      expect(await page.getByTestId('pack-card').count()).toBe(6);
      const tiles = page.getByLabel('Marketplace statistics');
      for (const label of ['Active Listings', 'Creators', 'TON Volume', 'Total Sales']) {
        await tiles.getByText(label, { exact: true }).waitFor();
      }
      // Real figures from the seeded catalogue, not SPEC's fallback.
      expect(await tiles.getByText('1,234').count()).toBe(0);
      await page.getByRole('link', { name: 'Browse Marketplace' }).waitFor();
      await page.getByRole('link', { name: 'Create Stickers' }).waitFor();
      await page.getByRole('heading', { name: 'Why Choose Stickerdrop?' }).waitFor();
      // Images load from the API's /files.
      const firstImage = page.getByTestId('pack-card').first().locator('img');
      await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      // telegram-ui leaves the page itself uncoloured; ours sets it.
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
      await screenshot(page, name);
      // Outside Telegram the viewport-height variable follows the window.
      const height = () =>
        page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--tg-viewport-height'));
      expect(await height()).toBe(`${viewport.height}px`);
      await page.setViewportSize({ width: viewport.width, height: 600 });
      await expect.poll(height).toBe('600px');
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('browses the marketplace: search, the four sorts, grid/list, infinite scroll', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    await page.goto(`${server.url}/#/marketplace`);
    await page.getByTestId('pack-card').first().waitFor();
    await page.getByText('Average Price').waitFor();
    await expect.poll(() => page.getByLabel('Marketplace statistics').textContent()).toMatch(/\d+\.\d+ TON/);
    // 26 seeded packs in pages of 24: scrolling to the end loads the rest.
    expect(await page.getByTestId('pack-card').count()).toBe(24);
    await page.mouse.wheel(0, 20_000);
    await expect.poll(() => page.getByTestId('pack-card').count()).toBe(26);

    const titles = () => page.locator('.pack-card__title').allTextContents();
    const prices = async () =>
      (await page.locator('.pack-card__price').allTextContents()).map((text) => Number.parseFloat(text));
    await page.getByRole('button', { name: 'Price: Low to High' }).click();
    await expect.poll(async () => (await prices())[0]).toBe(0.3);
    const low = await prices();
    expect([...low].sort((a, b) => a - b)).toEqual(low);
    await page.getByRole('button', { name: 'Price: High to Low' }).click();
    await expect.poll(async () => (await prices())[0]).toBe(5);
    await page.getByRole('button', { name: 'Newest' }).click();
    await expect.poll(async () => (await titles())[0]).toBe('First Light');
    await page.getByRole('button', { name: 'Trending' }).click();
    await expect.poll(async () => (await titles())[0]).not.toBe('First Light');

    await page.getByRole('button', { name: 'List view' }).click();
    await page.locator('[data-view="list"]').waitFor();
    await screenshot(page, 'marketplace-list-1280');
    await page.getByRole('button', { name: 'Grid view' }).click();
    await page.locator('[data-view="grid"]').waitFor();

    // Case-insensitive, on title, description and creator username.
    await page.getByRole('searchbox', { name: 'Search sticker packs' }).fill('RAMEN');
    await expect.poll(titles).toEqual(['Midnight Ramen']);
    await page.getByRole('searchbox', { name: 'Search sticker packs' }).fill('noodles for every');
    await expect.poll(titles).toEqual(['Midnight Ramen']);
    await page.getByRole('searchbox', { name: 'Search sticker packs' }).fill('zzz-nothing');
    await page.getByText('No sticker packs found').waitFor();
    await screenshot(page, 'marketplace-empty-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a pack: everything SPEC lists, and a sold-out pack cannot be bought new', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`${server.url}/#/marketplace?q=Mochi`);
    await page.getByTestId('pack-card').first().click();
    await page.getByRole('heading', { name: 'Mochi Feelings' }).waitFor();
    expect(page.url()).toMatch(/#\/sticker\?id=\d+$/);
    await page.getByRole('button', { name: /^Like \(\d+\)$/ }).waitFor();
    await page.getByRole('button', { name: 'Share' }).waitFor();
    expect(await page.getByRole('button', { name: 'Download' }).count()).toBe(0);
    const stats = page.getByLabel('Pack statistics');
    // SPEC's four tiles, the rating shown as what it is made of ("Rating 0.9" read as a bad review).
    for (const label of ['Likes', 'Owners', 'Stickers', 'Views']) await stats.getByText(label).waitFor();
    await page.getByText(`146 of 200 left · ${SPEC_TEXTS.limitedEdition}`).waitFor();
    await page.getByRole('button', { name: 'Buy Now · 1.20 TON' }).waitFor();
    await screenshot(page, 'pack-detail-390');

    await page.goto(`${server.url}/#/marketplace?q=golden`);
    await page.getByTestId('pack-card').first().click();
    await page.getByText(API_ERRORS.soldOut).waitFor();
    // Nothing is sold at the pack's price: no Buy Now; with nothing listed, the way on is an offer.
    const box = page.getByRole('region', { name: 'Buy this pack' });
    await box.getByRole('button', { name: 'Make an offer' }).waitFor();
    expect(await box.getByRole('button', { name: /^Buy Now/ }).count()).toBe(0);
    await screenshot(page, 'pack-sold-out-390');
    await context.close();
  });

  it('is asked to log in to like or buy, and buying goes to /login', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(`${server.url}/#/marketplace?q=ramen`);
    await page.getByTestId('pack-card').first().click();
    await page.getByRole('button', { name: /^Like \(\d+\)$/ }).click();
    await toast(page, MESSAGES.likeRequiresLogin).waitFor();
    await page.getByRole('button', { name: /^Buy Now/ }).click();
    await toast(page, MESSAGES.buyRequiresLogin).waitFor();
    await page.getByRole('heading', { name: 'Welcome to Stickerdrop' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/login');
    // The toast sits at the top centre.
    const box = (await toast(page, MESSAGES.buyRequiresLogin).boundingBox())!;
    expect(box.y).toBeLessThan(100);
    expect(Math.abs(box.x + box.width / 2 - DESKTOP.width / 2)).toBeLessThan(4);
    await page.getByRole('button', { name: 'Continue as demo collector' }).waitFor();
    await screenshot(page, 'login-1280');
    await context.close();
  });

  it('sees Home for an unknown route, and Sticker pack not found for an unknown pack', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(`${server.url}/#/definitely/not/here`);
    await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/');
    await page.goto(`${server.url}/#/sticker?id=999999`);
    await page.getByText(MESSAGES.packNotFound).waitFor();
    await page.getByText(SPEC_TEXTS.packNotFoundDetail).waitFor();
    await context.close();
  });

  it('uses the drawer at 375 px: toggle, links, active link, Login', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 740 });
    await page.goto(`${server.url}/#/marketplace`);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('navigation', { name: 'Menu' });
    await drawer.waitFor();
    expect(await drawer.getByRole('link').allTextContents()).toEqual(['Home', 'Marketplace', 'Login']);
    expect(await drawer.getByRole('link', { name: 'Marketplace' }).getAttribute('class')).toContain('nav-link--active');
    await screenshot(page, 'drawer-375');
    await drawer.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Menu' }).count()).toBe(0);
    await context.close();
  });
});
