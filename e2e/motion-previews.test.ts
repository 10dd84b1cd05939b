import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PackDetail } from '@stickerdrop/shared';
import { tables } from '@stickerdrop/core/testing';
import { startTestServer, type TestServer } from './support/app-server';
import { inBothSchemes } from './support/both-themes';
import { DESKTOP, PHONE, describeBrowser, firstScreen, launchChromium, newPage, screenshot } from './support/browser';
import { LIGHT_THEME, THEME, openInTelegram } from './support/telegram-mock';

const RU_VISITOR = { id: 777_000_151, first_name: 'Вера', username: 'vera_looks', language_code: 'ru' };

/** The images the page shows in its moving stickers' players, and whether each is playing. */
async function movingPlayers(page: Page) {
  return page.locator('.sticker-player:not([data-format="static"])').evaluateAll((players) =>
    players.map((player) => ({
      playing: player.getAttribute('data-playing') === 'true',
      src: new URL(player.querySelector('img')?.src ?? 'about:blank').pathname,
      marked: player.querySelector('.sticker-player__marker') !== null,
    })),
  );
}

/**
 * A visitor sees moving stickers move before buying, as Telegram's set preview does: each plays its public
 * moving preview (an animated WEBP) while on screen, never the file Telegram takes; with reduced motion the
 * stills stay, marked, until one is tapped.
 */
describeBrowser('moving previews for visitors', () => {
  let server: TestServer;
  let browser: Browser;
  let packs: { id: number; moving: string[]; stills: string[] }[];

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
    // The seeded TGS pack and video pack, as the API describes them to a visitor.
    const seeded = await server.db.select().from(tables.packs).where(eq(tables.packs.animated, true));
    packs = [];
    for (const { id } of seeded.slice(0, 2)) {
      const detail = PackDetail.parse(await (await fetch(`${server.url}/api/stickers/${id}`)).json());
      const moving = detail.stickers.filter((sticker) => sticker.format !== 'static');
      expect(moving.every((sticker) => sticker.motionPreviewUrl !== null && sticker.fileUrl === null)).toBe(true);
      packs.push({ id, moving: moving.map((s) => s.motionPreviewUrl!), stills: moving.map((s) => s.previewUrl!) });
    }
    expect(packs).toHaveLength(2);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Every file the page asked for: none may be a sticker's full file (only `previews/` are public). */
  function watchFiles(page: Page): string[] {
    const files: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/files/')) files.push(path);
    });
    return files;
  }

  it('on the web at 390 px, light: the moving stickers on screen play their moving previews', async () => {
    const { context, page, errors } = await newPage(browser, PHONE, 'light');
    const files = watchFiles(page);
    for (const pack of packs) {
      await page.goto(`${server.url}/#/sticker?id=${pack.id}`);
      await page.getByTestId('sticker-strip').waitFor();
      await page.getByTestId('sticker-strip').scrollIntoViewIfNeeded();
      await expect.poll(async () => (await movingPlayers(page)).some((player) => player.playing)).toBe(true);
      for (const player of (await movingPlayers(page)).filter((p) => p.playing)) {
        expect(pack.moving).toContain(player.src);
        expect(player.marked).toBe(false);
      }
      expect(await page.locator('.sticker-player video, .sticker-player svg').count()).toBe(0);
    }
    await inBothSchemes(page, 'web', async (scheme) => {
      expect((await movingPlayers(page)).some((player) => player.playing)).toBe(true);
      await screenshot(page, `motion-previews-web-390-${scheme}`);
    });
    expect(files.filter((file) => !file.startsWith('/files/previews/'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on the web at 1280 px, dark, with reduced motion: marked stills until a tap plays one', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP, 'dark');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const [pack] = packs;
    await page.goto(`${server.url}/#/sticker?id=${pack!.id}`);
    await page.getByTestId('sticker-strip').waitFor();
    await expect.poll(async () => (await movingPlayers(page)).length).toBeGreaterThan(0);
    const before = await movingPlayers(page);
    expect(before.every((player) => !player.playing && player.marked && pack!.stills.includes(player.src))).toBe(true);
    await page.locator('.sticker-player:not([data-format="static"])').first().click({ force: true });
    await expect.poll(async () => (await movingPlayers(page))[0]!.playing).toBe(true);
    expect(pack!.moving).toContain((await movingPlayers(page))[0]!.src);
    expect((await movingPlayers(page)).slice(1).every((player) => !player.playing)).toBe(true);
    await inBothSchemes(page, 'web', async (scheme) => {
      expect((await movingPlayers(page)).filter((player) => player.playing)).toHaveLength(1);
      await screenshot(page, `motion-previews-web-1280-${scheme}-reduced`);
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('inside Telegram in Russian at 390 px, dark: the grid plays, the viewer plays the large one', async () => {
    const { context, page, errors } = await newPage(browser, PHONE, 'dark');
    const files = watchFiles(page);
    const [, pack] = packs;
    await openInTelegram(page, server.url, {
      botToken: server.config.botToken!,
      user: RU_VISITOR,
      startParam: `pack_${pack!.id}`,
      theme: THEME,
    });
    await page.getByTestId('sticker-strip').waitFor();
    await page.getByTestId('sticker-strip').scrollIntoViewIfNeeded();
    await expect.poll(async () => (await movingPlayers(page)).some((player) => player.playing)).toBe(true);
    await page.getByRole('button', { name: 'Открыть стикер 1', exact: true }).click();
    const viewer = page.getByRole('dialog', { name: 'Стикер 1', exact: true });
    const large = viewer.locator('.sticker-player img');
    await expect
      .poll(async () => new URL(await large.evaluate((img: HTMLImageElement) => img.src)).pathname)
      .toBe(pack!.moving[0]);
    await screenshot(page, 'motion-previews-telegram-390-dark-ru');
    expect(files.filter((file) => !file.startsWith('/files/previews/'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('inside Telegram at 1280 px, light and dark: the stickers on screen play their moving previews', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP, 'light');
    const files = watchFiles(page);
    const [pack] = packs;
    await openInTelegram(page, server.url, {
      botToken: server.config.botToken!,
      user: { id: RU_VISITOR.id + 1, first_name: 'Vic', username: 'vic_looks' },
      startParam: `pack_${pack!.id}`,
      theme: LIGHT_THEME,
    });
    await page.getByTestId('sticker-strip').waitFor();
    await expect.poll(async () => (await movingPlayers(page)).some((player) => player.playing)).toBe(true);
    await inBothSchemes(
      page,
      'telegram',
      async (scheme) => {
        const playing = (await movingPlayers(page)).filter((player) => player.playing);
        expect(playing.length).toBeGreaterThan(0);
        for (const player of playing) expect(pack!.moving).toContain(player.src);
        await firstScreen(page, `motion-previews-telegram-1280-${scheme}`);
      },
      { light: LIGHT_THEME, dark: THEME },
    );
    expect(files.filter((file) => !file.startsWith('/files/previews/'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
