import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { createAccessTokens } from '@stickerdrop/core';
import type { TestServer } from './app-server';
import { switchScheme } from './both-themes';
import { DESKTOP, PHONE, TAKING_PICTURES, newPage, screenshot, type ColorScheme } from './browser';
import type { Where } from './open-app';
import { LIGHT_THEME, THEME, openInTelegram } from './telegram-mock';

/** A Telegram user as init data carries them; `language_code` picks the app's language inside Telegram. */
export interface TelegramUser {
  id: number;
  first_name: string;
  username?: string;
  language_code?: string;
}

/**
 * The plain web at `viewport` in `scheme`, signed in as `userId` with a token the API signed (stored where the
 * app keeps its session), opened at `hash` (`/profile`, `/sticker?id=7`).
 */
export async function openOnWebAs(
  browser: Browser,
  server: TestServer,
  userId: number,
  options: { viewport: typeof DESKTOP; scheme: ColorScheme; hash: string },
) {
  const opened = await newPage(browser, options.viewport, options.scheme);
  const token = await createAccessTokens(server.config.jwtSecret).sign(userId);
  await opened.page.addInitScript((access) => localStorage.setItem('accessToken', access), token);
  await opened.page.goto(`${server.url}/#${options.hash}`);
  return opened;
}

/**
 * Inside the emulated Telegram client at `viewport` with Telegram's day theme, signed in from its init data as
 * `user`, then at `hash` once the session is stored.
 */
export async function openInTelegramAs(
  browser: Browser,
  server: TestServer,
  user: TelegramUser,
  options: { viewport: typeof PHONE; hash: string },
) {
  const opened = await newPage(browser, options.viewport, 'light');
  await openInTelegram(opened.page, server.url, { botToken: server.config.botToken!, user, theme: LIGHT_THEME });
  await expect.poll(() => opened.page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
  await opened.page.evaluate((hash) => (window.location.hash = hash), `#${options.hash}`);
  return opened;
}

/**
 * Full-page pictures of the screen as shown at a phone's and a desktop's width, dark and light
 * (`<name>-<width>-<scheme>`), when the run takes pictures; the page is left as it was found, in `scheme`.
 */
export async function picturesAtBothWidths(page: Page, where: Where, name: string, scheme: ColorScheme) {
  if (!TAKING_PICTURES) return;
  const themes = { light: LIGHT_THEME, dark: THEME };
  const viewport = page.viewportSize()!;
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    for (const shown of ['dark', 'light'] as const) {
      await switchScheme(page, where, shown, themes);
      await screenshot(page, `${name}-${size.width}-${shown}`);
    }
  }
  await page.setViewportSize(viewport);
  await switchScheme(page, where, scheme, themes);
}
