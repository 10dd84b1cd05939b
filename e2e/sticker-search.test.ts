import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { tables } from '@stickerdrop/core/testing';
import { inBothSchemes } from './support/both-themes';
import { describeBrowser, screenshot } from './support/browser';
import { SCREEN_CASES, screensApp } from './support/screen-cases';
import { LIGHT_THEME, THEME } from './support/telegram-mock';

interface Probe {
  /** What a collector types. */
  query: string;
  /** A pack only its stickers (their emoji, their keywords) or its tags name so. */
  title: string;
}

/**
 * Search knows stickers: a pack is found by an emoji one of its stickers carries and by a word only its tags
 * or its stickers' keywords hold (in no title or description), typed into the marketplace's search box on
 * the web and inside the emulated client, at 390 and 1280 px, the results checked and pictured dark and light.
 */
describeBrowser('search that knows stickers', () => {
  const app = screensApp();
  let probes: { emoji: Probe; word: Probe };

  beforeAll(async () => {
    const packs = await app
      .server()
      .db.select({
        title: tables.packs.title,
        description: tables.packs.description,
        searchWords: tables.packs.searchWords,
        stickerEmoji: tables.packs.stickerEmoji,
      })
      .from(tables.packs)
      .where(sql`${tables.packs.status} = 'listed'`)
      .orderBy(tables.packs.id);
    const prose = packs.map((pack) => `${pack.title} ${pack.description ?? ''}`.toLowerCase()).join(' ');
    const withEmoji = packs.find((pack) => pack.stickerEmoji.length > 0)!;
    const wordPack = packs.find((pack) =>
      pack.searchWords.split(/\s+/).some((word) => word.length >= 4 && !prose.includes(word)),
    )!;
    const word = wordPack.searchWords.split(/\s+/).find((each) => each.length >= 4 && !prose.includes(each))!;
    probes = {
      emoji: { query: withEmoji.stickerEmoji[0]!, title: withEmoji.title },
      word: { query: word, title: wordPack.title },
    };
  });

  /** Types `query` into the marketplace's search box and waits for its answer, which must show `title`. */
  async function search(page: Page, name: string, probe: Probe): Promise<void> {
    await page.getByRole('searchbox', { name: 'Search sticker packs' }).fill(probe.query);
    await expect.poll(() => new URL(page.url()).hash).toContain(`q=${encodeURIComponent(probe.query)}`);
    await expect
      .poll(() => page.locator('.pack-card__title').allTextContents(), { message: `${name} "${probe.query}"` })
      .toContain(probe.title);
  }

  it.each(SCREEN_CASES)('$where at $width px, dark and light', async ({ where, viewport }) => {
    const { context, page, errors } = await app.open(where, viewport);
    await page.evaluate(() => (window.location.hash = '/marketplace'));
    await page.getByTestId('pack-card').first().waitFor();
    for (const [name, probe] of Object.entries(probes)) {
      await search(page, name, probe);
      await inBothSchemes(
        page,
        where,
        async (scheme) => {
          await page.getByTestId('pack-card').filter({ hasText: probe.title }).waitFor();
          await screenshot(page, `collect/search-${name}-${where}-${viewport.width}-${scheme}`);
        },
        { light: LIGHT_THEME, dark: THEME },
      );
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
