import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import type { TestServer } from './app-server';
import { newPage, type ColorScheme } from './browser';
import { openInTelegram } from './telegram-mock';

export type Where = 'web' | 'telegram';
export const WHERE: Where[] = ['web', 'telegram'];
export const TESS = { id: 777_000_051, first_name: 'Tess', username: 'tess' };

/**
 * Home, on the plain web (signed out) or inside the emulated Telegram client (signed in as `user` with
 * its init data), waited for until its trending packs show.
 */
export async function openApp(
  browser: Browser,
  server: TestServer,
  where: Where,
  viewport: { width: number; height: number },
  scheme: ColorScheme = 'light',
  user: { id: number; first_name: string; username?: string } = TESS,
) {
  const opened = await newPage(browser, viewport, scheme);
  if (where === 'telegram') {
    await openInTelegram(opened.page, server.url, { botToken: server.config.botToken!, user });
    await expect.poll(() => opened.page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
  } else {
    await opened.page.goto(server.url);
  }
  await opened.page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
  return opened;
}
