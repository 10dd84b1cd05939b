import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import { startTestServer, type TestServer } from './support/app-server';
import { DESKTOP, describeBrowser, launchChromium, newPage, screenshot, toast } from './support/browser';

/** Buys a pack on the web through the demo rail with the page buttons, as a person would. */
async function buyOnTheWeb(page: Page, baseUrl: string, search: string, method: 'TON' | 'Card (Stripe)') {
  await page.goto(`${baseUrl}/#/marketplace?q=${encodeURIComponent(search)}`);
  await page.getByTestId('pack-card').first().click();
  await page.locator('label', { hasText: method }).click();
  await page.getByRole('button', { name: /^Buy Now · / }).click();
  await page.getByTestId('payment-step').waitFor();
  await page.getByRole('button', { name: /^Pay \(demo\)/ }).click();
  await toast(page, SPEC_TEXTS.purchaseSuccess).waitFor();
  await page.getByRole('button', { name: 'Download' }).waitFor();
  expect(await page.getByLabel('Buy this pack').count()).toBe(0);
}

describeBrowser('a signed-in collector on the web', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
    page = (await newPage(browser, DESKTOP)).page;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in with the demo, buys two packs, and finds them in the collection with filters and search', async () => {
    await page.goto(`${server.url}/#/login`);
    await page.getByRole('button', { name: 'Continue as demo collector' }).click();
    await toast(page, 'Successfully logged in!').waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Home', 'Marketplace', 'Create', 'Collection']);
    await page.getByRole('link', { name: /Demo Collector/ }).waitFor();

    await page.goto(`${server.url}/#/collection`);
    await page.getByText('Your collection is empty').waitFor();
    await page.getByRole('link', { name: 'Browse Marketplace' }).click();
    await page.getByRole('heading', { name: 'Marketplace' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/marketplace');

    await buyOnTheWeb(page, server.url, 'ramen', 'TON');
    await screenshot(page, 'web-owned-1280');
    await buyOnTheWeb(page, server.url, 'sushi', 'Card (Stripe)');

    await nav.getByRole('link', { name: 'Collection' }).click();
    await page.getByRole('heading', { name: 'My Collection' }).waitFor();
    await expect.poll(() => page.getByTestId('pack-card').count()).toBe(2);
    const stats = page.getByLabel('Collection statistics');
    await stats.getByText('3.15 TON').waitFor();
    // Worth at today's prices: a new edition's price while any remain, so nothing gained yet.
    await expect
      .poll(() => page.getByTestId('collection-worth').textContent())
      .toBe('Worth 3.15\u00a0TON today · paid 3.15\u00a0TON 0.00\u00a0TON');
    expect(await page.getByTestId('edition-worth').count()).toBe(2);
    await page
      .getByTestId('pack-card')
      .filter({ hasText: 'Midnight Ramen' })
      .getByText(/Edition #\d+ of 120/)
      .waitFor();

    await page.getByRole('button', { name: 'Recent' }).click();
    expect(await page.getByTestId('pack-card').count()).toBe(2);
    await page.getByRole('button', { name: 'Favorites' }).click();
    await page.getByText('No packs match').waitFor();
    await page.getByRole('button', { name: 'All' }).click();
    await page
      .getByTestId('pack-card')
      .filter({ hasText: 'Sushi Stack' })
      .getByRole('button', { name: 'Add to favourites' })
      .click();
    await page.getByRole('button', { name: 'Remove from favourites' }).waitFor();
    await page.getByRole('button', { name: 'Favorites' }).click();
    await expect.poll(() => page.locator('.pack-card__title').allTextContents()).toEqual(['Sushi Stack']);
    await page.getByRole('button', { name: 'All' }).click();
    // Search matches tags too.
    await page.getByRole('searchbox', { name: 'Search your collection' }).fill('NOODLES');
    await expect.poll(() => page.locator('.pack-card__title').allTextContents()).toEqual(['Midnight Ramen']);
    await page.getByRole('searchbox', { name: 'Search your collection' }).fill('');
    await screenshot(page, 'collection-1280');
    await page.getByTestId('pack-card').filter({ hasText: 'Midnight Ramen' }).click();
    await page.getByRole('heading', { name: 'Midnight Ramen' }).waitFor();
    expect(new URL(page.url()).hash).toMatch(/^#\/sticker\?id=\d+$/);
  });

  it('edits the profile (Save Changes, Cancel, a bad website) and logs out', async () => {
    await page.goto(`${server.url}/#/profile`);
    await page.getByRole('heading', { name: 'Profile Information' }).waitFor();
    const stats = page.getByLabel('Statistics');
    await stats.getByText('Packs Purchased').waitFor();
    expect(await stats.locator('.stat-tile', { hasText: 'Packs Purchased' }).locator('dd').textContent()).toBe('2');
    await page.getByRole('link', { name: 'My Collection' }).waitFor();
    await page
      .getByTestId('profile-worth')
      .getByText(/^Worth [\d.]+\u00a0TON today · paid 3\.15\u00a0TON$/)
      .waitFor();
    expect(await page.getByRole('link', { name: 'Create Sticker' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByRole('textbox', { name: 'Bio' }).fill('Temporary');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    expect(await page.getByText('Temporary').count()).toBe(0);

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByRole('textbox', { name: 'Display name' }).fill('Collector Kim');
    await page.getByRole('textbox', { name: 'Bio' }).fill('I collect cats.');
    await page.getByRole('textbox', { name: 'Website' }).fill('ftp://kim.example');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Website must be an http(s) URL').waitFor();
    await page.getByRole('textbox', { name: 'Website' }).fill('https://kim.example');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Profile updated successfully!').waitFor();
    await page.getByText('I collect cats.').waitFor();
    await page.getByRole('link', { name: 'https://kim.example' }).waitFor();
    await screenshot(page, 'profile-1280');
    await page.reload();
    await page.getByText('Collector Kim').waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await toast(page, 'Logged out successfully').waitFor();
    await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/');
    await page.getByRole('link', { name: 'Login' }).waitFor();
    expect(
      await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]),
    ).toEqual([null, null]);
    // Signed out, the private screens send to the login screen.
    await page.goto(`${server.url}/#/profile`);
    await page.getByRole('heading', { name: 'Welcome to Stickerdrop' }).waitFor();
  });

  it('shows the signed-in drawer at 375 px with Profile and without Login', async () => {
    const { context, page: phone } = await newPage(browser, { width: 375, height: 740 });
    await phone.goto(`${server.url}/#/login`);
    await phone.getByRole('button', { name: 'Continue as demo collector' }).click();
    await phone.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
    await phone.getByRole('button', { name: 'Open menu' }).click();
    const drawer = phone.getByRole('navigation', { name: 'Menu' });
    expect(await drawer.getByRole('link').allTextContents()).toEqual([
      'Home',
      'Marketplace',
      'Create',
      'Collection',
      'Profile',
    ]);
    await screenshot(phone, 'drawer-signed-in-375');
    await drawer.getByRole('link', { name: 'Collection' }).click();
    await phone.getByRole('heading', { name: 'My Collection' }).waitFor();
    await context.close();
  });
});
