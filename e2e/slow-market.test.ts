import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '@stickerdrop/shared';
import { startTestServer, type TestServer } from './support/app-server';
import { DESKTOP, PHONE, describeBrowser, firstScreen, launchChromium, newPage } from './support/browser';
import { inBothSchemes } from './support/both-themes';
import { LIGHT_THEME, THEME, openInTelegram } from './support/telegram-mock';

/** A phone on a poor mobile network: 400 ms each way and 50 KB/s, as Chrome's devtools emulate it. */
async function slowNetwork(page: Page): Promise<void> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: 50 * 1024,
    uploadThroughput: 50 * 1024,
  });
}

declare global {
  interface Window {
    /** What showed first: skeleton cards, pack cards; and how many pack cards showed at first. */
    __shown?: { what: string[]; firstCards: number };
  }
}

/** Notes, from the document's first byte, when skeleton cards and when pack cards first show. */
const noteWhatShows = (page: Page) =>
  page.addInitScript(() => {
    const shown = { what: [] as string[], firstCards: 0 };
    window.__shown = shown;
    new MutationObserver(() => {
      if (!shown.what.includes('skeleton') && document.querySelector('.pack-card--skeleton')) {
        shown.what.push('skeleton');
      }
      const cards = document.querySelectorAll('[data-testid="pack-card"]').length;
      if (!shown.what.includes('cards') && cards > 0) {
        shown.what.push('cards');
        shown.firstCards = cards;
      }
    }).observe(document, { subtree: true, childList: true });
  });

/** The marketplace's list reads (`GET /api/stickers?…`), not trending's nor a pack's. */
const isListRead = (url: string) => new URL(url).pathname === '/api/stickers';

/**
 * The marketplace on a slow network: skeleton cards from the document's first paint, before any data; its
 * first page asked for by the document at once (the app asks no second time), or carried in the document
 * when Telegram opens it from a link (`startapp=market`), whose cards then show with no API call at all.
 */
describeBrowser('the marketplace on a slow network', () => {
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

  it.each([
    { viewport: PHONE, scheme: 'light' as const },
    { viewport: DESKTOP, scheme: 'dark' as const },
  ])('web at $viewport.width px, $scheme: skeletons at once, one list read, asked by the document', async (c) => {
    const { context, page, errors } = await newPage(browser, c.viewport, c.scheme);
    await slowNetwork(page);
    await noteWhatShows(page);
    const reads: string[] = [];
    page.on('request', (request) => {
      if (isListRead(request.url())) reads.push(request.url());
    });
    await page.goto(`${server.url}/#/marketplace`, { waitUntil: 'commit' });
    await page.locator('.pack-card--skeleton').first().waitFor();
    expect(await page.getByTestId('pack-card').count()).toBe(0);
    await firstScreen(page, `collect/slow-market-web-${c.viewport.width}-${c.scheme}-skeletons`);
    await page.getByTestId('pack-card').first().waitFor();
    expect((await page.evaluate(() => window.__shown!)).what).toEqual(['skeleton', 'cards']);
    await page.waitForLoadState('networkidle');
    // The document asked for the first page before the app had loaded; the app took that answer.
    expect(reads).toHaveLength(1);
    expect(new URL(reads[0]!).searchParams.get('limit')).toBe(String(DEFAULT_PAGE_SIZE));
    await inBothSchemes(page, 'web', async (scheme) => {
      expect(await page.locator('.pack-card--skeleton').count()).toBe(0);
      expect(await page.getByTestId('pack-card').count()).toBe(DEFAULT_PAGE_SIZE);
      await firstScreen(page, `collect/slow-market-web-${c.viewport.width}-${scheme}-cards`);
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    { viewport: PHONE, scheme: 'dark' as const, language: 'ru' },
    { viewport: DESKTOP, scheme: 'light' as const, language: 'en' },
  ])(
    'Telegram at $viewport.width px, $scheme, $language: opened from a link, the cards come with the document',
    async (c) => {
      const { context, page, errors } = await newPage(browser, c.viewport, c.scheme);
      await slowNetwork(page);
      await noteWhatShows(page);
      // Every list read is held unanswered: whatever shows came without one.
      const held: Route[] = [];
      await page.route(
        (url) => isListRead(url.href),
        (route) => void held.push(route),
      );
      const user = { id: 777_000_520, first_name: 'Ada', username: 'ada_slow', language_code: c.language };
      await openInTelegram(page, server.url, {
        botToken: server.config.botToken!,
        user,
        startParam: 'market',
        theme: c.scheme === 'dark' ? THEME : LIGHT_THEME,
      });
      const embedded = await page.evaluate(() => document.getElementById('first-screen-data')?.textContent ?? '');
      expect(JSON.parse(embedded)).toMatchObject({ kind: 'market', data: { items: expect.any(Array) } });
      // Shown though every list read is held: the cards came with the document.
      await page.getByTestId('pack-card').first().waitFor();
      const shown = await page.evaluate(() => window.__shown!);
      expect(shown.what).toEqual(['skeleton', 'cards']);
      // The whole first page at once, not the cards of a later answer.
      expect(shown.firstCards).toBe(DEFAULT_PAGE_SIZE);
      await page.getByRole('heading', { name: c.language === 'ru' ? 'Маркет' : 'Marketplace', level: 1 }).waitFor();
      await inBothSchemes(
        page,
        'telegram',
        async (scheme) => {
          expect(await page.getByTestId('pack-card').count()).toBe(DEFAULT_PAGE_SIZE);
          await firstScreen(page, `collect/slow-market-telegram-${c.viewport.width}-${scheme}-${c.language}`);
        },
        { light: LIGHT_THEME, dark: THEME },
      );
      expect(errors).toEqual([]);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    },
  );
});
