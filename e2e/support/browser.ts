import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { CHROMIUM_PATH } from './chromium';
import { watchCsp } from './csp';
import { TEST_DATA } from './paths';
import { suiteSetup } from './suite-setup';

export const SCREENSHOTS = path.join(TEST_DATA, 'screenshots');
/**
 * Whether this run takes the pictures of the screens (`npm run shots`, or TEST_SCREENSHOTS=1; CI does). They
 * are for people to look at and no test reads them: taking them was a sixth of the browser suite's time.
 */
export const TAKING_PICTURES = process.env.TEST_SCREENSHOTS === '1';

/**
 * A browser suite: runs when Debian's Chromium is installed, says plainly that it was skipped when not,
 * and fails instead when REQUIRE_BROWSER=1 (CI installs Chromium and makes these tests required).
 */
export function describeBrowser(name: string, body: () => void): void {
  if (fs.existsSync(CHROMIUM_PATH)) {
    describe(name, body);
  } else if (process.env.REQUIRE_BROWSER === '1') {
    describe(name, () => {
      it('needs Chromium', () => {
        throw new Error(`REQUIRE_BROWSER=1 but Chromium is missing at ${CHROMIUM_PATH} (apt-get install chromium)`);
      });
    });
  } else {
    const reason = `skipped: Chromium not found at ${CHROMIUM_PATH}; apt-get install chromium`;
    console.warn(`Browser suite "${name}" ${reason}`);
    describe.skip(`${name} (${reason})`, body);
  }
}

let running: Promise<Browser> | undefined;

/**
 * The worker's Chromium, for a test file: the files of a worker run one after another (isolate: false), so
 * they share one browser instead of each launching its own (0.6 s of CPU and more of waiting, 21 times).
 * Each file still gets its own contexts (cookies, storage, cache); its `close()` closes those and leaves
 * the browser to the next file. Playwright ends the browser with the worker's process.
 */
export async function launchChromium(): Promise<Browser> {
  const previous = await running?.catch(() => undefined);
  if (!previous?.isConnected())
    running = suiteSetup().then(({ chromiumArgs }) =>
      chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs }),
    );
  const browser = await running!;
  const opened = new Set<BrowserContext>();
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext') {
        return async (...args: Parameters<Browser['newContext']>) => {
          const context = await target.newContext(...args);
          opened.add(context);
          return context;
        };
      }
      if (property === 'close') {
        return async () => {
          await Promise.all([...opened].map((context) => context.close()));
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

export type ColorScheme = 'light' | 'dark';

export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
  colorScheme: ColorScheme = 'light',
  deviceScaleFactor = 1,
  timezoneId?: string,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  // The system scheme the page sees through prefers-color-scheme; the machine's time zone unless one is named.
  const context = await browser.newContext({ viewport, deviceScaleFactor, colorScheme, timezoneId });
  const page = await context.newPage();
  // Uncaught page errors fail the suites that check them: the app must not throw, in or out of Telegram.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await watchCsp(context, page);
  return { context, page, errors };
}

/** Until the page has drawn two more frames: what the last change set off (an observer, a resize handler) has run. */
export async function twoFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Brings the cards', sheets' and toasts' entrance animations to their end, so a picture or a colour check
 * sees what a person sees once they have played. They are finished rather than waited for: the cards of a
 * long grid enter one after another, and the marketplace's last card ended 2.7 s after the first began,
 * for every check of it. `inRealTime` lets them play instead, for a measure of what happens meanwhile (layout
 * shifts). (A cancelled animation, of an element that went away, rejects: that is fine too.)
 */
export async function settleAnimations(page: Page, { inRealTime = false } = {}): Promise<void> {
  await page.evaluate(
    (fastForward) =>
      Promise.all(
        document.getAnimations().map((animation) => {
          // An endless one (a spinner) cannot be finished: it is waited for, as when played.
          if (fastForward && animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
          return animation.finished.catch(() => undefined);
        }),
      ),
    !inRealTime,
  );
}

export function screenshot(page: Page, name: string): Promise<void> {
  return picture(page, name, true);
}

/** The toast with this text, top-centre, as SPEC §2 places them. */
export function toast(page: Page, text: string) {
  return page.locator('.toast', { hasText: text });
}

/** What the window shows, without scrolling: for sheets, fixed bars and "is it in the first screen". */
export function firstScreen(page: Page, name: string): Promise<void> {
  return picture(page, name, false);
}

const devtools = new WeakMap<Page, Promise<CDPSession>>();

/**
 * A PNG of the page as shown, into SCREENSHOTS: for people to look at, no test reads them. Taken through
 * Chromium's own command with its fast PNG encoding (bigger files, a fraction of the encoding's CPU): a
 * full run takes some 300, many of long pages.
 */
export function picture(page: Page, name: string, fullPage: boolean): Promise<void> {
  return pictureInto(page, path.join(SCREENSHOTS, `${name}.png`), fullPage);
}

/** As `picture`, into `file`. */
export async function pictureInto(page: Page, file: string, fullPage: boolean): Promise<void> {
  // What comes after a picture may count on the entrance animations having ended, as the picture made them.
  if (!TAKING_PICTURES) return settleAnimations(page);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await settleAnimations(page);
  if (!devtools.has(page)) devtools.set(page, page.context().newCDPSession(page));
  const session = await devtools.get(page)!;
  const viewport = page.viewportSize();
  // A whole page is taken through a window as tall as it, so fixed bars (the tabs, a pay bar) sit at its
  // bottom as a person scrolling there sees them, not across the middle of the picture.
  const height = fullPage ? await page.evaluate(() => document.documentElement.scrollHeight) : 0;
  const tall = fullPage && viewport !== null && height > viewport.height;
  if (tall) {
    // Cards that come into view now start their entrance and ask for their picture (an IntersectionObserver
    // a frame later, then a render): the picture shows what a person scrolling there sees, once loaded. A
    // list that then loads its next page grows: the window grows with it, a few times at most.
    for (let grown = height, turns = 0; grown > (page.viewportSize()?.height ?? 0) && turns < 3; turns += 1) {
      await page.setViewportSize({ width: viewport.width, height: grown });
      await twoFrames(page);
      await twoFrames(page);
      await page.waitForFunction(() => [...document.images].every((image) => image.complete));
      await twoFrames(page);
      await settleAnimations(page);
      grown = await page.evaluate(() => document.documentElement.scrollHeight);
    }
  }
  try {
    const { data } = await session.send('Page.captureScreenshot', { format: 'png', optimizeForSpeed: true });
    fs.writeFileSync(file, Buffer.from(data, 'base64'));
  } finally {
    if (tall) {
      await page.setViewportSize(viewport);
      // The window's resize handlers (the viewport-height variable) run before the test reads the page again.
      await page.waitForFunction((height) => window.innerHeight === height, viewport.height);
      await twoFrames(page);
    }
  }
}
