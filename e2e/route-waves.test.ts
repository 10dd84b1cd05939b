import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/app-server';
import { PHONE, describeBrowser, launchChromium, newPage } from './support/browser';
import { documentScripts, recordScripts, scriptWaves } from './support/js-requests';
import { openInTelegram } from './support/telegram-mock';

/** What the pack page shows only once its nested parts (offers, the player) have their code. */
const PACK_PARTS = ['PackDetailPage', 'offers', 'StickerPlayer', 'Input'];

const hasPart = (files: readonly string[], part: string) => files.some((file) => file.startsWith(`${part}-`));

describeBrowser("a route's JavaScript arrives in one wave", () => {
  let server: TestServer;
  let browser: Browser;
  let packId: number;
  let entry: Set<string>;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
    const [pack] = await server.db.query.packs.findMany({ columns: { id: true }, limit: 1 });
    packId = pack!.id;
    entry = await documentScripts(server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function settledPackPage(page: Page) {
    await page.getByRole('heading', { name: 'Offers' }).waitFor();
    await page.getByTestId('sticker-strip').waitFor();
    await page.waitForLoadState('networkidle');
  }

  it('opening a pack page by its address: the document’s scripts, then every chunk of the route and its data at once', async () => {
    for (const where of ['web', 'telegram'] as const) {
      const { context, page, errors } = await newPage(browser, PHONE);
      const events = recordScripts(page);
      // Where in the scripts' log the pack's data was asked for: it names the picture, so it must not wait for them.
      let packDataAskedAt = Number.POSITIVE_INFINITY;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === `/api/stickers/${packId}`) {
          packDataAskedAt = Math.min(packDataAskedAt, events.length);
        }
      });
      if (where === 'web') await page.goto(`${server.url}/#/sticker?id=${packId}`);
      else await openInTelegram(page, server.url, { botToken: server.config.botToken!, startParam: `pack_${packId}` });
      await settledPackPage(page);
      const routeWaves = scriptWaves(events, (file) => !entry.has(file));
      expect(routeWaves, where).toHaveLength(1);
      for (const part of PACK_PARTS) expect(hasPart(routeWaves[0]!, part), `${where}: ${part}`).toBe(true);
      // The worker that loads the language's Intl data starts with them, not a wave of its own.
      expect(hasPart(routeWaves[0]!, 'intl-warm-up.worker'), where).toBe(true);
      if (where === 'web') {
        const firstRouteChunkIn = events.findIndex(({ kind, file }) => kind === 'end' && !entry.has(file));
        expect(packDataAskedAt, where).toBeLessThanOrEqual(firstRouteChunkIn);
      } else {
        // Telegram names the pack in the document's address: the document itself carries its data.
        const embedded = await page.evaluate(() => document.getElementById('first-screen-data')?.textContent ?? null);
        expect(JSON.parse(embedded!)).toMatchObject({ kind: 'pack', id: packId });
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('going to a pack from Home: its chunks start together on intent, none after the first arrives', async () => {
    const { context, page, errors } = await newPage(browser, PHONE);
    await page.goto(server.url);
    await page.getByTestId('pack-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    const events = recordScripts(page);
    const card = page.getByTestId('pack-card').first();
    await card.hover();
    await card.click();
    await settledPackPage(page);
    const waves = scriptWaves(events);
    expect(waves).toHaveLength(1);
    for (const part of PACK_PARTS) expect(hasPart(waves[0]!, part), part).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
