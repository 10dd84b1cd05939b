import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Order } from '@stickerdrop/shared';
import { lottieDocument, makeTgs, makeVideo } from '../api/test/features/create-pack/media-fixtures';
import { startTestServer, type TestServer } from './support/app-server';
import { callApi } from './support/page-api';
import { DESKTOP, PHONE, describeBrowser, launchChromium, newPage, screenshot, toast } from './support/browser';
import { tables } from '@stickerdrop/core/testing';

async function signInAs(page: Page, baseUrl: string, who: 'creator' | 'collector'): Promise<void> {
  await page.goto(`${baseUrl}/#/login`);
  await page.getByRole('button', { name: `Continue as demo ${who}` }).click();
  await toast(page, 'Successfully logged in!').waitFor();
  await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
}
const signInAsCreator = (page: Page, baseUrl: string) => signInAs(page, baseUrl, 'creator');

/** Playing: a video's clock moves on from wherever it was first seen. */
async function expectVideoPlays(page: Page): Promise<void> {
  const video = page.locator('.sticker-player[data-format="video"] video');
  await video.waitFor();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
  const first = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).not.toBe(first);
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted && v.loop && v.playsInline)).toBe(true);
}

/** A TGS plays: lottie redraws its SVG frame after frame. */
async function expectTgsAnimates(page: Page): Promise<void> {
  const svg = page.locator('.sticker-player[data-format="animated"] svg');
  await svg.waitFor();
  const frame = await svg.innerHTML();
  await expect.poll(() => svg.innerHTML()).not.toBe(frame);
}

describeBrowser('animated stickers', () => {
  let server: TestServer;
  let browser: Browser;
  let packUrl: string;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a creator uploads a GIF, a TGS and a PNG with their emoji in one pack', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    await signInAsCreator(page, server.url);
    await page.goto(`${server.url}/#/create`);
    const gif = await makeVideo('gif', { width: 320, height: 240, fps: 10, seconds: 2 });
    const tgs = makeTgs(lottieDocument({ seconds: 2 }));
    const png = await sharp({ create: { width: 400, height: 400, channels: 4, background: '#3a7bd5' } })
      .png()
      .toBuffer();
    await page.locator('input[type=file]').setInputFiles([
      { name: 'dance.gif', mimeType: 'image/gif', buffer: gif },
      { name: 'spin.tgs', mimeType: '', buffer: tgs },
      { name: 'calm.png', mimeType: 'image/png', buffer: png },
    ]);
    // Each file is previewed before upload, with the pack's default emoji to change.
    await page.getByRole('img', { name: 'Preview of dance.gif' }).waitFor();
    await page.locator('.sticker-player[data-format="animated"] svg').waitFor();
    const gifEmoji = page.getByRole('textbox', { name: 'Emoji for dance.gif' });
    expect(await gifEmoji.inputValue()).toBe('🎨');
    await gifEmoji.fill('💃');
    await page.getByRole('textbox', { name: 'Emoji for spin.tgs' }).fill('🌀 🔥');
    await page.getByRole('textbox', { name: 'Emoji for calm.png' }).fill('😌');
    await page.getByRole('textbox', { name: 'Title' }).fill('Moving Pictures');
    await page.getByRole('spinbutton', { name: 'Price (TON)' }).fill('1.50');
    await screenshot(page, 'create-animated-1280');
    await page.getByRole('button', { name: 'Create Sticker Pack' }).click();
    await toast(page, 'Sticker created successfully!').waitFor();

    await page.goto(`${server.url}/#/marketplace?sort=newest`);
    const card = page.getByTestId('pack-card').filter({ hasText: 'Moving Pictures' });
    await card.getByTestId('card-kind').filter({ hasText: 'Animated' }).waitFor();
    await card.click();
    await page.locator('.sticker-player').first().waitFor();
    packUrl = page.url();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the pack page plays the video and the TGS on screen', async () => {
    const { context, page, errors } = await newPage(browser, PHONE);
    await signInAsCreator(page, server.url);
    await page.goto(packUrl);
    await expectVideoPlays(page);
    await expectTgsAnimates(page);
    // Playing stickers carry no marker; it is for stills.
    expect(await page.locator('.sticker-player[data-playing="true"] .sticker-player__marker').count()).toBe(0);
    // Each sticker is named by its number; its emoji (data for Telegram, not page text) come with the pack.
    await expect.poll(() => page.getByRole('img', { name: 'Sticker 2', exact: true }).count()).toBe(1);
    const packId = /(\d+)\D*$/.exec(packUrl)![1];
    const detail = (await (await page.request.get(`${server.url}/api/stickers/${packId}`)).json()) as {
      stickers: { emoji: string[] }[];
    };
    expect(detail.stickers[1]!.emoji).toEqual(['🌀', '🔥']);
    await screenshot(page, 'pack-animated-390');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('with reduced motion, shows the stills until a sticker is tapped', async () => {
    const { context, page, errors } = await newPage(browser, PHONE);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInAsCreator(page, server.url);
    await page.goto(packUrl);
    const videoSticker = page.locator('.sticker-player[data-format="video"]');
    await videoSticker.locator('img').waitFor();
    await expect
      .poll(() => videoSticker.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await page.locator('.sticker-player video, .sticker-player svg').count()).toBe(0);
    expect(await videoSticker.getAttribute('data-playing')).toBe('false');

    await videoSticker.click();
    const video = videoSticker.locator('video');
    await video.waitFor();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
    expect(await page.locator('.sticker-player[data-format="animated"] svg').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the edition page plays its pack's video and TGS for the edition's owner", async () => {
    const { context, page, errors } = await newPage(browser, PHONE);
    await signInAs(page, server.url, 'collector');
    const packId = Number(/(\d+)\D*$/.exec(packUrl)![1]);
    const { order } = await callApi<{ order: Order }>(page, '/api/marketplace/buy', {
      stickerId: packId,
      paymentMethod: 'demo',
    });
    const paid = await callApi<{ order: Order }>(page, `/api/orders/${order.id}/demo-pay`, {});
    const [edition] = await server.db
      .select()
      .from(tables.editions)
      .where(and(eq(tables.editions.packId, packId), eq(tables.editions.serial, paid.order.edition!)));
    await page.goto(`${server.url}/#/edition?id=${edition!.id}`);
    await page.getByRole('heading', { name: `Moving Pictures #${edition!.serial} of` }).waitFor();
    const strip = page.getByTestId('sticker-strip');
    await strip.waitFor();
    await expectVideoPlays(page);
    await expectTgsAnimates(page);
    expect(await strip.locator('.sticker-player').count()).toBe(3);
    await screenshot(page, 'edition-animated-390');
    expect(errors).toEqual([]);
    await context.close();
  });
});
