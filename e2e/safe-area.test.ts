import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/app-server';
import { PHONE, describeBrowser, launchChromium, newPage, screenshot } from './support/browser';
import { openInTelegram } from './support/telegram-mock';

/** An iPhone in fullscreen: the status bar and the home indicator, and Telegram's buttons over the top. */
const INSETS = {
  safeArea: { top: 47, bottom: 34, left: 0, right: 0 },
  contentSafeArea: { top: 46, bottom: 0, left: 0, right: 0 },
};

describeBrowser('the safe areas inside Telegram', () => {
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

  it('keeps the tab bar above the home indicator and the header below the status bar and Telegram’s buttons', async () => {
    const { page, context } = await newPage(browser, PHONE, 'dark');
    try {
      await openInTelegram(page, server.url, { botToken: server.config.botToken!, insets: INSETS });
      const tabbar = page.locator('.tabbar');
      await tabbar.waitFor();
      const padding = (selector: string, side: 'top' | 'bottom') =>
        page
          .locator(selector)
          .evaluate((element, edge) => getComputedStyle(element).getPropertyValue(`padding-${edge}`), side);
      await expect.poll(() => padding('.tabbar', 'bottom')).toBe('34px');
      await expect.poll(() => padding('.header', 'top')).toBe('93px');
      // The tabs themselves end where the home indicator begins, and the page scrolls clear of both.
      const tabs = (await tabbar.locator('a, button').first().boundingBox())!;
      expect(tabs.y + tabs.height).toBeLessThanOrEqual(PHONE.height - 34);
      await expect.poll(() => padding('.layout--tabbar', 'bottom')).toBe('98px');
      await screenshot(page, 'safe-area-telegram-390-dark');
    } finally {
      await context.close();
    }
  });
});
