import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/app-server';
import { PHONE, describeBrowser, launchChromium, newPage } from './support/browser';

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

describeBrowser('images sized for their place, the largest first and the rest when near (issue 22)', () => {
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
});
