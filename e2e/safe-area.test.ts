import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/app-server';
import { inBothSchemes } from './support/both-themes';
import { DESKTOP, PHONE, describeBrowser, launchChromium, newPage, screenshot } from './support/browser';
import { LIGHT_THEME, THEME, openInTelegram } from './support/telegram-mock';

/** An iPhone in fullscreen: the status bar and the home indicator, and Telegram's buttons over the top. */
const INSETS = {
  safeArea: { top: 47, bottom: 34, left: 0, right: 0 },
  contentSafeArea: { top: 46, bottom: 0, left: 0, right: 0 },
};

/**
 * The safe areas exist only inside Telegram (the plain web has no tab bar and no client insets): checked at a
 * phone's and a desktop's width, in the client's dark and light themes.
 */
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

  it.each([PHONE, DESKTOP])(
    'at $width px, dark and light: the tab bar above the home indicator, the header below the status bar and Telegram’s buttons',
    async (viewport) => {
      const { page, context, errors } = await newPage(browser, viewport, 'dark');
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
        await expect.poll(() => padding('.layout--tabbar', 'bottom')).toBe('98px');
        await inBothSchemes(
          page,
          'telegram',
          async (scheme) => {
            // The tabs themselves end where the home indicator begins, and the page scrolls clear of both.
            const tabs = (await tabbar.locator('a, button').first().boundingBox())!;
            expect(tabs.y + tabs.height).toBeLessThanOrEqual(viewport.height - 34);
            // The header's logo is below the status bar and Telegram's buttons (47 + 46 px).
            const logo = (await page.locator('header.header a').first().boundingBox())!;
            expect(logo.y).toBeGreaterThanOrEqual(93);
            // Scrolled to the end, the footer's last line is above the tabs.
            await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
            const footer = (await page.locator('footer').boundingBox())!;
            expect(footer.y + footer.height).toBeLessThanOrEqual((await tabbar.boundingBox())!.y + 1);
            await screenshot(page, `safe-area-telegram-${viewport.width}-${scheme}`);
          },
          { light: LIGHT_THEME, dark: THEME },
        );
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
