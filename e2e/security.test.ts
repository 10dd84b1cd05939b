import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/app-server';
import { DESKTOP, describeBrowser, launchChromium, newPage } from './support/browser';
import { takeCspViolations } from './support/csp';

/** The test server as the browser sees a deployment: on https, as a public site (no mixed content, no local-network block). */
const APP_ORIGIN = 'https://stickers.test';

/** A page at `parentUrl` (played locally: the browser believes the origin) that frames the mini-app. */
async function frameFrom(page: Page, parentUrl: string, server: TestServer): Promise<void> {
  await page.context().route(`${APP_ORIGIN}/**`, async (route) => {
    const response = await route.fetch({ url: route.request().url().replace(APP_ORIGIN, server.url) });
    await route.fulfill({ response });
  });
  await page.route(parentUrl, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><iframe src="${APP_ORIGIN}/#/marketplace" width="390" height="800"></iframe>`,
    }),
  );
  await page.goto(parentUrl);
}

describeBrowser('the Content-Security-Policy in the browser', () => {
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

  it('lets Telegram Web frame the mini-app, which then runs without a violation', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    await frameFrom(page, 'https://web.telegram.org/k/', server);
    const app = page.frameLocator('iframe');
    await app.getByTestId('pack-card').first().waitFor();
    await expect
      .poll(() =>
        app
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses to be framed by any other site, and the suite sees the violation', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await frameFrom(page, 'https://evil.example/', server);
    await expect.poll(() => takeCspViolations().join('\n'), { timeout: 10_000 }).toMatch(/frame-ancestors/);
    expect(await page.frameLocator('iframe').getByTestId('pack-card').count()).toBe(0);
    await context.close();
  });

  it('renders the API docs (Swagger UI) under the same policy', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    await page.goto(`${server.url}/api/docs`);
    await page.getByText('Stickerdrop API').first().waitFor();
    await page.locator('.opblock-summary-path', { hasText: '/api/marketplace/buy' }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
