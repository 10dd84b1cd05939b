import path from 'node:path';
import type { Page } from 'playwright-core';
import { type ColorScheme, pictureInto, settleAnimations, TAKING_PICTURES } from './browser';
import type { Where } from './open-app';
import { THEME, THEME_LIGHT } from './telegram-mock';

/** The Telegram themes a page is switched between: Android's default light one unless a suite says otherwise. */
export interface TelegramThemes {
  light: Record<string, string>;
  dark: Record<string, string>;
}

const ANDROID_THEMES: TelegramThemes = { light: THEME_LIGHT, dark: THEME };

/**
 * Shows the page in `scheme` as a person switching it would: on the web by the system scheme, inside
 * Telegram by the client's theme (sent as Telegram sends a theme change), then lets the transitions end.
 */
export async function switchScheme(
  page: Page,
  where: Where,
  scheme: ColorScheme,
  themes: TelegramThemes = ANDROID_THEMES,
): Promise<void> {
  if (where === 'web') await page.emulateMedia({ colorScheme: scheme });
  else {
    await page.evaluate(
      (theme) =>
        (
          window as unknown as { Telegram: { WebView: { receiveEvent(type: string, data: unknown): void } } }
        ).Telegram.WebView.receiveEvent('theme_changed', { theme_params: theme }),
      themes[scheme],
    );
  }
  // The page took it: its background (the theme variable telegram-ui and the app draw from) is dark or light.
  await page.waitForFunction((dark) => {
    const probe = document.body.appendChild(document.createElement('div'));
    probe.style.background = 'var(--tg-theme-bg-color)';
    const [red, green, blue] = getComputedStyle(probe).backgroundColor.match(/\d+/g)!.map(Number);
    probe.remove();
    const lightness = (0.2126 * red! + 0.7152 * green! + 0.0722 * blue!) / 255;
    return dark ? lightness < 0.3 : lightness > 0.7;
  }, scheme === 'dark');
  await settleAnimations(page);
}

/**
 * Runs `check` on the screen as shown in the dark scheme, then in the light one, where it is left: one page
 * checked in both, instead of a page opened and walked to the same screen once per scheme.
 */
export async function inBothSchemes(
  page: Page,
  where: Where,
  check: (scheme: ColorScheme) => Promise<void>,
  themes?: TelegramThemes,
): Promise<void> {
  for (const scheme of ['dark', 'light'] as const) {
    await switchScheme(page, where, scheme, themes);
    await check(scheme);
  }
}

/**
 * Full-page pictures of the screen as shown, dark then light, into `dir` as `<name>-light.png` and
 * `<name>-dark.png`. Leaves the page in the light scheme. The pictures are taken when the run takes them
 * (TAKING_PICTURES); the switches of scheme are made either way.
 */
export async function shotsInBothThemes(page: Page, where: Where, dir: string, name: string): Promise<void> {
  await inBothSchemes(page, where, async (scheme) => {
    // As `screenshot` takes them: through a window as tall as the page, its pictures loaded.
    if (TAKING_PICTURES) await pictureInto(page, path.join(dir, `${name}-${scheme}.png`), true);
  });
}
