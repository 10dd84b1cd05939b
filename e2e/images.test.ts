import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CARD_IMAGE_WIDTHS_PX, cardImageVariant } from '@stickerdrop/shared';
import { startTestServer, type TestServer } from './support/app-server';
import { PHONE, describeBrowser, launchChromium, newPage, twoFrames } from './support/browser';

interface ImageFacts {
  alt: string;
  width: string | null;
  height: string | null;
  loading: string;
  fetchPriority: string;
  belowFold: boolean;
}

/** Each image of the page as the browser has it, and whether it started under the first screen. */
function images(page: Page): Promise<ImageFacts[]> {
  return page.evaluate(() =>
    [...document.images].map((image) => ({
      alt: image.alt,
      width: image.getAttribute('width'),
      height: image.getAttribute('height'),
      loading: image.loading,
      fetchPriority: image.fetchPriority,
      belowFold: image.getBoundingClientRect().top + window.scrollY >= window.innerHeight,
    })),
  );
}

interface LoadedImage {
  alt: string;
  src: string;
  srcset: string;
  sizes: string;
  /** The width of the file the browser chose, in pixels. */
  fileWidth: number;
  /** The box's width in device pixels: its CSS width × the pixel ratio. */
  needed: number;
}

/**
 * The pictures that have loaded, with how well the chosen file fits its box. An image drawn from a srcset
 * reports a naturalWidth scaled by the density it chose, so the file's own width comes from a plain copy.
 * Every box is measured at one moment, before any wait: the app may replace the document's first screen
 * (and its picture) while a copy decodes, and a detached image has no box.
 */
function loadedImages(page: Page): Promise<LoadedImage[]> {
  return page.evaluate(() =>
    Promise.all(
      [...document.images]
        .filter((image) => image.complete && image.naturalWidth > 0)
        .map((image) => ({
          alt: image.alt,
          src: image.getAttribute('src') ?? '',
          srcset: image.srcset,
          sizes: image.sizes,
          currentSrc: image.currentSrc,
          needed: image.getBoundingClientRect().width * window.devicePixelRatio,
        }))
        .map(async ({ currentSrc, ...image }) => {
          const file = new Image();
          file.src = currentSrc;
          await file.decode();
          return { ...image, fileWidth: file.naturalWidth };
        }),
    ),
  );
}

describeBrowser('images sized for their place, the largest first and the rest when near', () => {
  let server: TestServer;
  let browser: Browser;
  let packId: number;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
    const [pack] = await server.db.query.packs.findMany({ columns: { id: true }, limit: 1 });
    packId = pack!.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [name, route, ready] of [
    ['Home', '/', (page: Page) => page.getByTestId('pack-card').first().waitFor()],
    ['the marketplace', '/marketplace', (page: Page) => page.getByTestId('pack-card').first().waitFor()],
    ['a pack', '/sticker?id=PACK', (page: Page) => page.getByRole('heading', { name: 'Offers' }).waitFor()],
  ] as const) {
    it(`${name}, at 390 px`, async () => {
      const { context, page, errors } = await newPage(browser, PHONE);
      await page.goto(`${server.url}/#${route.replace('PACK', String(packId))}`);
      await ready(page);
      const all = await images(page);
      expect(all.length).toBeGreaterThan(0);
      // Its box is known before it loads: nothing moves when it arrives.
      expect(all.filter((image) => !image.width || !image.height)).toEqual([]);
      // The first screen's main picture is asked for first and at once.
      const main = all.find((image) => image.fetchPriority === 'high');
      expect(main).toBeDefined();
      expect(main?.loading).not.toBe('lazy');
      expect(main?.belowFold).toBe(false);
      expect(all.filter((image) => image.fetchPriority === 'high')).toHaveLength(1);
      // What starts under the first screen waits until it comes near.
      expect(all.filter((image) => image.belowFold && image.loading !== 'lazy')).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  // A card image comes in every width of CARD_IMAGE_WIDTHS_PX: the browser takes the smallest that covers the
  // box at the screen's pixel ratio, so a 1x phone gets a small file and a 3x phone a large one, never blurry.
  for (const [name, route, selector] of [
    ['Home', '/', '[data-testid="pack-card"] img'],
    ['a pack', '/sticker?id=PACK', '.detail__media > img'],
  ] as const) {
    for (const pixelRatio of [1, 2, 3]) {
      it(`${name} at 390 px and ${pixelRatio}x loads card images sized for their box`, async () => {
        const { context, page, errors } = await newPage(browser, PHONE, 'light', pixelRatio);
        await page.goto(`${server.url}/#${route.replace('PACK', String(packId))}`);
        await page.waitForFunction(
          (css) => [...document.querySelectorAll<HTMLImageElement>(css)].some((image) => image.naturalWidth > 0),
          selector,
        );
        const cards = await page.$$eval(selector, (found) => found.map((image) => (image as HTMLImageElement).alt));
        const loaded = (await loadedImages(page)).filter((image) => cards.includes(image.alt));
        expect(loaded.length).toBeGreaterThan(0);
        for (const image of loaded) {
          expect(image.srcset).toBe(
            CARD_IMAGE_WIDTHS_PX.map((width) => `${cardImageVariant(image.src, width)} ${width}w`).join(', '),
          );
          expect(image.sizes).not.toBe('');
          const enough =
            CARD_IMAGE_WIDTHS_PX.find((width) => width >= image.needed) ?? Math.max(...CARD_IMAGE_WIDTHS_PX);
          expect(image.fileWidth).toBe(enough);
        }
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }

  it('the marketplace at 390 px asks only for the pictures within a screen of it, the rest as they come near', async () => {
    const { context, page, errors } = await newPage(browser, PHONE);
    const asked = new Set<string>();
    page.on('request', (request) => {
      if (request.url().includes('/files/previews/')) asked.add(request.url());
    });
    await page.goto(`${server.url}/#/marketplace`);
    await page.getByTestId('pack-card').first().waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="pack-card"] img').length > 0);
    // The cards whose box starts within two screens of the top: the one on screen and the one under it.
    const cards = await page.$$eval('[data-testid="pack-card"]', (found) =>
      found.map((card) => card.getBoundingClientRect().top + window.scrollY < 2 * window.innerHeight),
    );
    const near = cards.filter(Boolean).length;
    expect(near).toBeGreaterThan(1);
    expect(near).toBeLessThan(cards.length);
    await expect.poll(() => page.locator('[data-testid="pack-card"] img').count()).toBe(near);
    await expect.poll(() => asked.size).toBe(near);

    // Scrolled a screen at a time to the last of these cards, each has its picture. Each stop lasts two
    // frames, as a person's scroll passes through every position: intersections are taken at a frame.
    for (let screen = 1; screen <= Math.ceil(cards.length / 2); screen += 1) {
      await page.evaluate((y) => window.scrollTo(0, y * window.innerHeight), screen);
      await twoFrames(page);
    }
    await expect
      .poll(() =>
        page.$$eval(
          '[data-testid="pack-card"]',
          (found, count) => found.slice(0, count).filter((card) => card.querySelector('img')?.complete).length,
          cards.length,
        ),
      )
      .toBe(cards.length);
    expect(asked.size).toBeGreaterThanOrEqual(cards.length);
    expect(errors).toEqual([]);
    await context.close();
  });
});
