import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGES } from '@stickerdrop/shared';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import { CREATE_FORM_FIELDS_EN } from './support/create-form-texts';
import { startTestServer, type TestServer } from './support/app-server';
import { DESKTOP, PHONE, describeBrowser, launchChromium, newPage, screenshot, toast } from './support/browser';

async function signInAsDemo(page: Page, baseUrl: string, role: 'collector' | 'creator'): Promise<void> {
  await page.goto(`${baseUrl}/#/login`);
  await page.getByRole('button', { name: `Continue as demo ${role}` }).click();
  await toast(page, 'Successfully logged in!').waitFor();
  await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
}

describeBrowser('a creator', () => {
  let server: TestServer;
  let browser: Browser;
  let pngPath: string;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickerdrop-e2e-'));
    pngPath = path.join(dir, 'rocket-cat.png');
    const circle = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><circle cx="256" cy="256" r="200" fill="#ff6b35"/></svg>',
    );
    await sharp(circle).png().toFile(pngPath);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a collector sees Creator Access Required, and can become a creator', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInAsDemo(page, server.url, 'collector');
    await page.goto(`${server.url}/#/create`);
    await page.getByText('Creator Access Required').waitFor();
    await page
      .getByText('You need creator access to upload stickers. Become a creator below: it takes one tap.')
      .waitFor();
    await screenshot(page, 'create-access-required-390');
    await page.getByRole('button', { name: 'Become a creator' }).click();
    await toast(page, 'You are now a creator!').waitFor();
    await page.getByRole('button', { name: 'Create Sticker Pack' }).waitFor();
    await context.close();
  });

  it('gets each validation message, then creates a pack from a real PNG', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    await signInAsDemo(page, server.url, 'creator');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create' }).click();
    const submit = page.getByRole('button', { name: 'Create Sticker Pack' });
    await submit.waitFor();
    await page.getByText(CREATE_FORM_FIELDS_EN.images!.help).waitFor();

    await submit.click();
    await toast(page, MESSAGES.imageRequired).waitFor();
    const file = page.locator('input[type=file]');
    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect.poll(() => toast(page, MESSAGES.imageRequired).count()).toBeGreaterThan(0);
    await file.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5_242_881) });
    await toast(page, MESSAGES.fileTooLarge).waitFor();

    await file.setInputFiles(pngPath);
    await page.getByRole('img', { name: 'Preview of rocket-cat.png' }).waitFor();
    await submit.click();
    await toast(page, MESSAGES.titleRequired).waitFor();
    await page.getByRole('textbox', { name: 'Title' }).fill('Rocket Cats');
    await submit.click();
    await toast(page, MESSAGES.priceInvalid).waitFor();
    await page.getByRole('spinbutton', { name: 'Price (TON)' }).fill('0');
    await submit.click();
    await expect.poll(() => toast(page, MESSAGES.priceInvalid).count()).toBeGreaterThan(0);

    await page.getByRole('spinbutton', { name: 'Price (TON)' }).fill('2.50');
    await page.getByRole('textbox', { name: 'Description' }).fill('Cats with jetpacks.');
    await page.getByRole('combobox', { name: 'Category' }).selectOption('animals');
    await page.getByRole('textbox', { name: 'Tags' }).fill('cats, space');
    await page.getByRole('spinbutton', { name: 'Edition size' }).fill('0');
    await submit.click();
    await toast(page, 'Edition size must be').waitFor();
    await page.getByRole('spinbutton', { name: 'Edition size' }).fill('50');
    await screenshot(page, 'create-filled-1280');
    // The refusals' toasts leave first: while they go, the page's height changes under the pointer, and the
    // form (taller since it lists each sticker) scrolls away from the click.
    await expect.poll(() => page.locator('.toast').count(), { timeout: 15_000 }).toBe(0);
    await submit.click();
    await toast(page, 'Sticker created successfully!').waitFor();
    await page.getByRole('heading', { name: 'My Collection' }).waitFor();
    // The collection opens on its Created tab, the new pack first, ready to share.
    expect(new URL(page.url()).hash).toBe('#/collection?tab=created');
    await page.getByTestId('created-pack').first().getByText('Rocket Cats').waitFor();
    await page.getByRole('button', { name: 'Share your drop: Rocket Cats' }).waitFor();
    expect(await page.getByText('Your collection is empty').count()).toBe(0);
    await screenshot(page, 'studio-web-1280-light-after-create');

    // The new pack is on sale, with its image processed by the API.
    await page.goto(`${server.url}/#/marketplace?sort=newest`);
    const card = page.getByTestId('pack-card').filter({ hasText: 'Rocket Cats' });
    await card.getByText('2.50 TON').waitFor();
    await card.getByText('New', { exact: true }).waitFor();
    await card.click();
    await page.getByText(`50 of 50 left · ${SPEC_TEXTS.limitedEdition}`).waitFor();
    await page.getByText('@demo_creator').waitFor();
    const image = page.getByRole('img', { name: 'Rocket Cats' });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, 'created-pack-1280');
    expect(errors).toEqual([]);
    await context.close();
  });
});
