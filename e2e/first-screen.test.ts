import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/app-server';
import { PHONE, describeBrowser, firstScreen, launchChromium, newPage } from './support/browser';
import { documentScripts } from './support/js-requests';
import { openInTelegram, THEME } from './support/telegram-mock';

/** Keeps every script file from loading: what shows then is the document's own first screen. */
const withoutScriptFiles = (page: Page) => page.route('**/assets/*.js', (route) => route.abort());

/** The pack page's big picture, once it has loaded and been drawn. */
async function shownPicture(page: Page) {
  const picture = page.locator('img.detail-picture');
  await picture.waitFor();
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  return picture;
}

/** Notes each largest paint as it is reported, with its element (which the app may replace later). */
const noteLargestPaints = (page: Page) =>
  page.addInitScript(() => {
    const paints: Array<{ at: number; element: string | null }> = [];
    window.__largestPaints = paints;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element | null }>) {
        const element = entry.element ? `${entry.element.tagName.toLowerCase()}.${entry.element.className}` : null;
        paints.push({ at: entry.startTime, element });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });

/** In the page's own clock: its first paint, its largest one, and when the first of the document's scripts was asked for. */
function paintsAndScripts(page: Page, scripts: Set<string>) {
  return page.evaluate(
    (names) => {
      const starts = performance
        .getEntriesByType('resource')
        .filter((entry) => names.some((name) => entry.name.endsWith(`/${name}`)))
        .map((entry) => entry.startTime);
      return {
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        largest: window.__largestPaints!.at(-1) ?? null,
        firstScript: Math.min(...starts),
        scripts: starts.length,
      };
    },
    [...scripts],
  );
}

declare global {
  interface Window {
    /** Set by the test's init script: whether the picture was ever gone once shown, and where it was first. */
    __picture?: { first: DOMRect | null; lost: boolean };
    /** Set by noteLargestPaints: each largest-contentful-paint entry, as it came. */
    __largestPaints?: Array<{ at: number; element: string | null }>;
  }
}

describeBrowser('the document draws the first screen before the app has loaded', () => {
  let server: TestServer;
  let browser: Browser;
  let packId: number;
  let scripts: Set<string>;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
    const [pack] = await server.db.query.packs.findMany({ columns: { id: true, title: true }, limit: 1 });
    packId = pack!.id;
    scripts = await documentScripts(server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows Home's hero and the marketplace's heading with no script file loaded", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await withoutScriptFiles(page);
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'Limited-edition sticker packs for Telegram' }).waitFor();
    await expect
      .poll(() => page.getByRole('link', { name: 'Browse Marketplace' }).getAttribute('href'))
      .toBe('#/marketplace');
    await firstScreen(page, 'first-screen-home-390-light');
    // A new document (a hash change alone would stay in this one).
    await page.goto('about:blank');
    await page.goto(`${server.url}/#/marketplace`);
    await page.getByRole('heading', { name: 'Marketplace', level: 1 }).waitFor();
    await context.close();
  });

  it("shows a pack's picture on the web, from the API answer the document asked for at once", async () => {
    const { context, page } = await newPage(browser, PHONE, 'dark');
    await withoutScriptFiles(page);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`${server.url}/#/sticker?id=${packId}`);
    const picture = await shownPicture(page);
    expect(asked).toContain(`/api/stickers/${packId}`);
    // Under the web's back button, as the pack page draws it.
    await page.getByRole('button', { name: '‹ Back' }).waitFor();
    expect(await picture.getAttribute('sizes')).toBe('(max-width: 768px) 280px, min(calc(50vw - 44px), 576px)');
    await firstScreen(page, 'first-screen-pack-390-dark');
    await context.close();
  });

  it("shows a pack opened from Telegram in Telegram's colours, from the data its document carries", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await withoutScriptFiles(page);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await openInTelegram(page, server.url, { botToken: server.config.botToken!, startParam: `pack_${packId}` });
    await shownPicture(page);
    // The server embedded the pack and preloaded its picture: nothing was asked of the API.
    expect(asked.filter((pathname) => pathname.startsWith('/api/'))).toEqual([]);
    expect(await page.getByRole('button', { name: '‹ Back' }).count()).toBe(0);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe(hexToRgb(THEME.secondary_bg_color!));
    await firstScreen(page, 'first-screen-pack-telegram-390');
    await context.close();
  });

  it("asks for the app's scripts only once the first screen, with its picture, has been painted", async () => {
    for (const where of ['home', 'web', 'telegram'] as const) {
      const { context, page, errors } = await newPage(browser, PHONE);
      await noteLargestPaints(page);
      if (where === 'home') await page.goto(server.url);
      else if (where === 'web') await page.goto(`${server.url}/#/sticker?id=${packId}`);
      else await openInTelegram(page, server.url, { botToken: server.config.botToken!, startParam: `pack_${packId}` });
      // The app has taken over: what it alone draws is there.
      await page
        .getByTestId(where === 'home' ? 'pack-card' : 'sticker-strip')
        .first()
        .waitFor();
      const seen = await paintsAndScripts(page, scripts);
      expect(seen.scripts, where).toBe(scripts.size);
      expect(seen.firstPaint, where).toBeLessThan(seen.firstScript);
      // Home's largest paint may be a card's image, which only the app draws; a pack's is its picture.
      if (where !== 'home') {
        expect(seen.largest?.element, where).toBe('img.detail-picture');
        expect(seen.largest!.at, where).toBeLessThan(seen.firstScript);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("asks for a pack page's stylesheets once its picture is painted, before the screen's chunks, each once", async () => {
    const html = await (await fetch(server.url)).text();
    const template = /<template id="screen-styles-pack">(.*?)<\/template>/.exec(html)?.[1] ?? '';
    const sheets = [...template.matchAll(/href="\.\/assets\/([^"]+\.css)"/g)].map((match) => match[1]!);
    expect(sheets.some((name) => name.startsWith('PackDetailPage-'))).toBe(true);
    for (const where of ['web', 'telegram'] as const) {
      const { context, page, errors } = await newPage(browser, PHONE);
      await noteLargestPaints(page);
      if (where === 'web') await page.goto(`${server.url}/#/sticker?id=${packId}`);
      else await openInTelegram(page, server.url, { botToken: server.config.botToken!, startParam: `pack_${packId}` });
      await page.getByTestId('sticker-strip').waitFor();
      const seen = await page.evaluate(() => ({
        requests: performance
          .getEntriesByType('resource')
          .map((entry) => ({ file: entry.name.split('/').pop()!, at: entry.startTime })),
        links: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.href),
        picturePainted: window.__largestPaints!.find((paint) => paint.element === 'img.detail-picture')?.at,
      }));
      const screenChunk = seen.requests.find(({ file }) => /^PackDetailPage-.*\.js$/.test(file))!;
      for (const sheet of sheets) {
        const asked = seen.requests.filter(({ file }) => file === sheet);
        expect(asked, `${where}: ${sheet}`).toHaveLength(1);
        expect(asked[0]!.at, `${where}: ${sheet}`).toBeGreaterThan(seen.picturePainted!);
        expect(asked[0]!.at, `${where}: ${sheet}`).toBeLessThan(screenChunk.at);
      }
      // The app found them in place: it added no link of its own for any of them.
      expect(new Set(seen.links).size, where).toBe(seen.links.length);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('starts the app all the same when the picture never comes, or its data failed', async () => {
    const { context, page, errors } = await newPage(browser, PHONE);
    // The picture's request is held until the app is there; the first screen's own read of the pack fails.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/files/previews/**', async (route) => {
      await held;
      await route.continue();
    });
    // The page's clock: the longest wait for the picture passes without the test waiting it out.
    await page.clock.install();
    // Not waiting for the document's load event: the held picture keeps it from coming.
    await page.goto(`${server.url}/#/sticker?id=${packId}`, { waitUntil: 'commit' });
    await page.locator('img.detail-picture').waitFor();
    expect(await page.locator('script[type="module"]').count()).toBe(0);
    await page.clock.runFor(2_000);
    await page.getByTestId('sticker-strip').waitFor();
    release();
    await context.close();

    const second = await newPage(browser, PHONE);
    let reads = 0;
    await second.page.route(`**/api/stickers/${packId}`, (route) =>
      ++reads === 1 ? route.fulfill({ status: 503, json: { error: 'unavailable' } }) : route.continue(),
    );
    await second.page.goto(`${server.url}/#/sticker?id=${packId}`);
    await second.page.getByTestId('sticker-strip').waitFor();
    expect(reads).toBe(2);
    expect([...errors, ...second.errors]).toEqual([]);
    await second.context.close();
  });

  it('hands over to the app without the picture going away or moving', async () => {
    for (const where of ['web', 'telegram'] as const) {
      const { context, page, errors } = await newPage(browser, PHONE);
      await page.addInitScript(() => {
        const state: { first: DOMRect | null; lost: boolean } = { first: null, lost: false };
        window.__picture = state;
        new MutationObserver(() => {
          const picture = document.querySelector('img.detail-picture');
          if (picture && !state.first) state.first = picture.getBoundingClientRect();
          if (!picture && state.first) state.lost = true;
        }).observe(document, { childList: true, subtree: true });
      });
      if (where === 'web') await page.goto(`${server.url}/#/sticker?id=${packId}`);
      else await openInTelegram(page, server.url, { botToken: server.config.botToken!, startParam: `pack_${packId}` });
      // The app's page: its title and price are there once it has taken over.
      await page.getByTestId('sticker-strip').waitFor();
      const picture = await shownPicture(page);
      const { first, lost } = (await page.evaluate(() => window.__picture))!;
      expect(lost, where).toBe(false);
      const now = (await picture.boundingBox())!;
      expect({ x: now.x, y: now.y, width: now.width, height: now.height }, where).toEqual({
        x: first!.x,
        y: first!.y,
        width: first!.width,
        height: first!.height,
      });
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
