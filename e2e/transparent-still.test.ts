import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { makeVideo } from '../api/test/features/create-pack/media-fixtures';
import { inBothSchemes } from './support/both-themes';
import { describeBrowser, firstScreen, toast } from './support/browser';
import { SCREEN_CASES, screensApp } from './support/screen-cases';
import { LIGHT_THEME, THEME } from './support/telegram-mock';

/** The alpha of an image's top-left corner and of its centre, as the page decoded it (0 clear, 255 opaque). */
function cornerAndCentre(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate(async (image: HTMLImageElement) => {
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const alphaAt = (x: number, y: number) => context.getImageData(x, y, 1, 1).data[3]!;
      return { corner: alphaAt(2, 2), centre: alphaAt(canvas.width >> 1, canvas.height >> 1) };
    });
}

/**
 * A creator's transparent WEBM keeps its transparency in the still made of it: the still a visitor sees is
 * clear at its corners (it was opaque black), on the web and inside Telegram, at 390 and 1280 px, pictured
 * dark and light, where a black square would show most.
 */
describeBrowser('the still of a transparent video sticker', () => {
  const app = screensApp();
  let packId: number;

  beforeAll(async () => {
    const { context, page } = await app.open('web', { width: 1280, height: 900 });
    await page.goto(`${app.server().url}/#/login`);
    await page.getByRole('button', { name: 'Continue as demo creator' }).click();
    await toast(page, 'Successfully logged in!').waitFor();
    await page.goto(`${app.server().url}/#/create`);
    const webm = await makeVideo('webm', { width: 320, height: 320, fps: 10, seconds: 1, alpha: true });
    await page
      .locator('input[type=file]')
      .setInputFiles([{ name: 'clear.webm', mimeType: 'video/webm', buffer: webm }]);
    await page.getByRole('textbox', { name: 'Title' }).fill('Clear Skies');
    await page.getByRole('spinbutton', { name: 'Price (TON)' }).fill('1.10');
    await page.getByRole('button', { name: 'Create Sticker Pack' }).click();
    await toast(page, 'Sticker created successfully!').waitFor();
    const { items } = (await (await fetch(`${app.server().url}/api/stickers?search=Clear%20Skies`)).json()) as {
      items: { id: number; title: string }[];
    };
    packId = items.find((item) => item.title === 'Clear Skies')!.id;
    await context.close();
  });

  it.each(SCREEN_CASES)('$where at $width px, dark and light', async ({ where, viewport }) => {
    const { context, page, errors } = await app.open(where, viewport);
    // Reduced motion: the sticker shows its still, not its moving preview.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.evaluate((id) => (window.location.hash = `/sticker?id=${id}`), packId);
    const still = '.sticker-player[data-format="video"] img';
    await page.locator(still).first().waitFor();
    const alpha = await cornerAndCentre(page, still);
    expect(alpha.corner).toBeLessThanOrEqual(8);
    expect(alpha.centre).toBeGreaterThanOrEqual(247);
    await inBothSchemes(
      page,
      where,
      async (scheme) => {
        await firstScreen(page, `collect/transparent-still-${where}-${viewport.width}-${scheme}`);
      },
      { light: LIGHT_THEME, dark: THEME },
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
