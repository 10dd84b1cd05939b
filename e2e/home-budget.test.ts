import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/app-server';
import { PHONE, describeBrowser, launchChromium, newPage } from './support/browser';
import { recordScripts } from './support/js-requests';
import { E2E_DIST } from './support/paths';
import { russianBrowser } from './support/russian';
import { openInTelegram } from './support/telegram-mock';

/** Home's room for JavaScript, gzip: on the web, and inside Telegram where the SDK loads too. */
const BUDGET_KB = { web: 90, telegram: 100 };
const RU_COLLECTOR = { id: 777_000_071, first_name: 'Вера', username: 'vera_home', language_code: 'ru' };

/** The gzip (level 9) of the production build's files, as the server sends them precompressed. */
function gzipKb(files: Iterable<string>): number {
  let bytes = 0;
  for (const file of files)
    bytes += zlib.gzipSync(fs.readFileSync(path.join(E2E_DIST, 'assets', file)), { level: 9 }).length;
  return bytes / 1024;
}

/**
 * What Home costs a Russian reader: every script the page asked for until Home showed in Russian with its
 * packs, the Russian catalogues included. A change that splits Home's code into more chunks or pulls another
 * feature's texts into Home shows here before it ships.
 */
describeBrowser('Home within its budget with Russian chosen', () => {
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

  it('inside Telegram and on the web, the scripts Home fetches stay within their gzip budget', async () => {
    for (const where of ['telegram', 'web'] as const) {
      // Inside Telegram the language comes from the init data, on the web from the browser.
      const { context, page, errors } = await (where === 'telegram'
        ? newPage(browser, PHONE)
        : russianBrowser(browser));
      const events = recordScripts(page);
      if (where === 'telegram') {
        await openInTelegram(page, server.url, { botToken: server.config.botToken!, user: RU_COLLECTOR });
      } else {
        await page.goto(server.url);
      }
      await page.getByRole('heading', { name: 'В тренде' }).waitFor();
      await page.getByTestId('pack-card').first().waitFor();
      await page.waitForLoadState('networkidle');
      const files = new Set(events.filter(({ kind }) => kind === 'end').map(({ file }) => file));
      const kb = gzipKb(files);
      console.log(`Home (${where}, Russian): ${files.size} scripts, ${kb.toFixed(1)} kB gzip`);
      expect(
        [...files].some((file) => file.startsWith('ru-')),
        where,
      ).toBe(true);
      expect(kb, `${where}: ${[...files].join(', ')}`).toBeLessThanOrEqual(BUDGET_KB[where]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
