import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './app-server';
import { inBothSchemes } from './both-themes';
import { launchChromium, screenshot, settleAnimations } from './browser';
import { contrastFailures } from './contrast';
import { EMOJI } from './emoji';
import type { Where } from './open-app';

/** What a person reads or hears on the page: its text and the texts it gives in attributes. */
function shownTexts(): string[] {
  const attributes = ['aria-label', 'title', 'alt', 'placeholder'];
  const labelled = [...document.querySelectorAll(attributes.map((name) => `[${name}]`).join(','))];
  return [
    ...document.body.innerText.split('\n'),
    ...labelled.flatMap((element) => attributes.map((name) => element.getAttribute(name) ?? '')),
  ];
}

/**
 * Checks a screen as shown, in the dark scheme and then the light one: axe's contrast failures, emoji in
 * its texts, and a full-page picture of each, named `prefix` with `{scheme}` filled in.
 */
export function screenChecker(page: Page, where: Where, prefix: string) {
  const failures: string[] = [];
  const emoji: string[] = [];
  const check = async (screen: string) => {
    await settleAnimations(page);
    for (const text of await page.evaluate(shownTexts)) if (EMOJI.test(text)) emoji.push(`${screen}: ${text}`);
    await inBothSchemes(page, where, async (scheme) => {
      for (const failure of await contrastFailures(page)) {
        const summary = failure.summary.replace(/\s+/g, ' ');
        failures.push(`${scheme} ${screen}: ${failure.target} "${failure.text}" ${summary}`);
      }
      await screenshot(page, `${prefix.replace('{scheme}', scheme)}-${screen}`);
    });
  };
  return { failures, emoji, check };
}

export interface ThemePacks {
  /** Every pack, newest first: each web run buys its own. */
  packIds: number[];
  /** Packs with editions left, newest first: the Telegram runs buy from the fifth on, clear of the web's. */
  buyableIds: number[];
  /** Packs with editions left, from the oldest: one per web run becomes a scheduled drop (not the ones bought). */
  dropPackIds: number[];
}

/**
 * A server and a Chromium for the describe block that calls it (started before its tests, stopped after),
 * and the seeded catalogue's packs the runs share out between them.
 */
export function themesApp() {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let packs: ThemePacks | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
    const response = await fetch(`${server.url}/api/stickers?sort=newest`);
    const { items } = (await response.json()) as { items: { id: number; soldCount: number; maxSupply: number }[] };
    const buyableIds = items.filter((item) => item.soldCount < item.maxSupply).map((item) => item.id);
    packs = { packIds: items.map((item) => item.id), buyableIds, dropPackIds: [...buyableIds].reverse() };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return { server: () => server!, browser: () => browser!, packs: () => packs! };
}
