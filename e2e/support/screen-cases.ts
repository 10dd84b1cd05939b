import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './app-server';
import { type ColorScheme, DESKTOP, PHONE, launchChromium } from './browser';
import { openApp, TESS, WHERE, type Where } from './open-app';

/** The collectors' screens are checked on the plain web and inside Telegram, each at a phone's and a desktop's width. */
export const SCREEN_CASES = WHERE.flatMap((where) =>
  [PHONE, DESKTOP].map((viewport) => ({ where, width: viewport.width, viewport })),
);

/** The first screen of a phone (iPhone 12–15): what is in it needs no scrolling. */
export const FIRST_SCREEN_PX = 844;

/**
 * A server and a Chromium for the describe block that calls it (started before its tests, stopped after),
 * and `open` to load the app in them as `user`, `where`, at `viewport`, in `scheme`.
 */
export function screensApp() {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const open = (
    where: Where,
    viewport: { width: number; height: number },
    scheme: ColorScheme = 'light',
    user = TESS,
  ) => openApp(browser!, server!, where, viewport, scheme, user);
  return { open, server: () => server! };
}
