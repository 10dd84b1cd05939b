import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { settleAnimations, TAKING_PICTURES } from './browser';
import type { Where } from './open-app';
import { THEME, THEME_LIGHT } from './telegram-mock';

/**
 * Full-page pictures of the screen as shown, light then dark, into `dir` as `<name>-light.png` and
 * `<name>-dark.png`: on the web by the system scheme, inside Telegram by the client's theme (sent as
 * Telegram sends a theme change). Leaves the page in the light scheme. The pictures are taken when the run
 * takes them (TAKING_PICTURES); the switches of scheme are made either way.
 */
export async function shotsInBothThemes(page: Page, where: Where, dir: string, name: string): Promise<void> {
  if (TAKING_PICTURES) fs.mkdirSync(dir, { recursive: true });
  for (const scheme of ['dark', 'light'] as const) {
    if (where === 'web') await page.emulateMedia({ colorScheme: scheme });
    else {
      await page.evaluate(
        (theme) =>
          (
            window as unknown as { Telegram: { WebView: { receiveEvent(type: string, data: unknown): void } } }
          ).Telegram.WebView.receiveEvent('theme_changed', { theme_params: theme }),
        scheme === 'dark' ? THEME : THEME_LIGHT,
      );
    }
    await settleAnimations(page);
    if (TAKING_PICTURES) await page.screenshot({ path: path.join(dir, `${name}-${scheme}.png`), fullPage: true });
  }
}
