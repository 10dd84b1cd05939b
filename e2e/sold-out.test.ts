import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tables } from '@stickerdrop/core/testing';
import { startTestServer, type TestServer } from './support/app-server';
import { DESKTOP, PHONE, describeBrowser, firstScreen, launchChromium, newPage, toast } from './support/browser';
import { inBothSchemes, switchScheme } from './support/both-themes';
import type { Where } from './support/open-app';
import { listEdition } from './support/page-api';
import {
  LIGHT_THEME,
  THEME,
  lastMainButton,
  openInTelegram,
  pressNative,
  telegramEvents,
} from './support/telegram-mock';

const SELLERS = [
  { id: 777_000_089, first_name: 'Sel', username: 'sel' },
  { id: 777_000_090, first_name: 'Sid', username: 'sid' },
];

/** A sold-out pack with editions listed, and one with none, each with what its first screen must offer. */
interface SoldOut {
  listed: { id: number; editionId: number; price: string };
  unlisted: { id: number };
}

/** The bottom of the element, in the window's coordinates: in the first screen when within its height. */
async function bottomOf(page: Page, selector: string): Promise<number> {
  const box = await page.locator(selector).first().boundingBox();
  return box ? box.y + box.height : Number.POSITIVE_INFINITY;
}

/** Whether what a person sees at the element's centre is the element (not a fixed bar drawn over it). */
function onTop(page: Page, name: string): Promise<boolean> {
  return page
    .getByRole('dialog', { name: 'Make an offer' })
    .getByRole('spinbutton', { name })
    .evaluate((input) => {
      const box = input.getBoundingClientRect();
      const seen = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return seen !== null && (seen === input || input.contains(seen) || input.parentElement!.contains(seen));
    });
}

/**
 * `check` and a picture of the window (`<name>-dark`, `<name>-light`) in both schemes, the page left in the
 * scheme it was opened in (its name says which).
 */
async function shownBothWays(page: Page, where: Where, name: string, check: () => Promise<void>): Promise<void> {
  const opened = name.includes('-dark') ? 'dark' : 'light';
  await inBothSchemes(
    page,
    where,
    async (scheme) => {
      await check();
      await firstScreen(page, `${name.replace(`-${opened}`, '')}-${scheme}`);
    },
    { light: LIGHT_THEME, dark: THEME },
  );
  await switchScheme(page, where, opened, { light: LIGHT_THEME, dark: THEME });
}

/**
 * A sold-out pack is never a dead end: with editions listed its first screen's action is "From X TON on
 * resale" and opens the cheapest listing; with none, "Make an offer" opens a pack-wide offer in a sheet over
 * the tab bar, whose Main Button inside Telegram is "Send offer" until it closes. On the web and inside the
 * emulated client, at 390 and 1280 px, light and dark.
 */
describeBrowser('a sold-out pack', () => {
  let server: TestServer;
  let browser: Browser;
  let packs: SoldOut;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
    const [listed, unlisted] = await server.db
      .select({ id: tables.packs.id })
      .from(tables.packs)
      .where(
        and(
          isNull(tables.packs.dropsAt),
          gt(tables.packs.soldCount, 0),
          sql`${tables.packs.soldCount} + 2 < ${tables.packs.maxSupply}`,
        ),
      )
      .orderBy(asc(tables.packs.id))
      .limit(2);
    // Two editions listed by two collectors: the action opens the cheaper one.
    await listEdition(server, SELLERS[0]!, listed!.id, '3.10');
    const cheapest = await listEdition(server, SELLERS[1]!, listed!.id, '2.40');
    packs = {
      listed: { id: listed!.id, editionId: cheapest.id, price: '2.40' },
      unlisted: { id: unlisted!.id },
    };
    for (const { id } of [packs.listed, packs.unlisted]) {
      const [pack] = await server.db.select().from(tables.packs).where(eq(tables.packs.id, id));
      await server.db.update(tables.packs).set({ maxSupply: pack!.soldCount }).where(eq(tables.packs.id, id));
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('on the web: the cheapest listing or an offer, in the first screen, at 390 px light and 1280 px dark', async () => {
    // The same collector both times: the second offer replaces the first.
    for (const [viewport, scheme, sent] of [
      [PHONE, 'light', 'Offer sent'],
      [DESKTOP, 'dark', 'Offer updated'],
    ] as const) {
      const name = `sold-out-web-${viewport.width}-${scheme}`;
      const { context, page, errors } = await newPage(browser, viewport, scheme);
      await page.goto(`${server.url}/#/login`);
      await page.getByRole('button', { name: 'Continue as demo collector' }).click();
      await toast(page, 'Successfully logged in!').waitFor();

      await page.goto(`${server.url}/#/sticker?id=${packs.listed.id}`);
      const box = page.getByRole('region', { name: 'Buy this pack' });
      await box.getByRole('alert').getByText('This sticker pack is sold out').waitFor();
      const resale = box.getByRole('link', { name: `From ${packs.listed.price} TON on resale` });
      await resale.waitFor();
      expect(await bottomOf(page, '.price-box a')).toBeLessThanOrEqual(viewport.height);
      expect(await box.getByRole('button', { name: 'Sold out' }).count()).toBe(0);
      await shownBothWays(page, 'web', `${name}-listed`, async () => expect(await resale.isVisible()).toBe(true));
      await resale.click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#/edition?id=${packs.listed.editionId}`);
      await page.getByRole('button', { name: `Buy · ${packs.listed.price} TON` }).waitFor();

      await page.goto(`${server.url}/#/sticker?id=${packs.unlisted.id}`);
      const offer = page.getByRole('region', { name: 'Buy this pack' }).getByRole('button', { name: 'Make an offer' });
      await offer.waitFor();
      expect(await bottomOf(page, '.price-box button')).toBeLessThanOrEqual(viewport.height);
      await shownBothWays(page, 'web', `${name}-unlisted`, async () => expect(await offer.isVisible()).toBe(true));
      await offer.click();
      const sheet = page.getByRole('dialog', { name: 'Make an offer' });
      await sheet.getByRole('spinbutton', { name: 'Your offer (TON)' }).fill('1.25');
      await shownBothWays(page, 'web', `${name}-offer-sheet`, async () =>
        expect(await onTop(page, 'Your offer (TON)')).toBe(true),
      );
      await sheet.getByRole('button', { name: 'Send offer' }).click();
      await toast(page, sent).waitFor();
      await sheet.waitFor({ state: 'detached' });
      await page.getByRole('list', { name: 'Open offers' }).getByText('1.25 TON').first().waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('inside Telegram: the Main Button opens the cheapest listing, or the offer sheet it then sends, at 390 px dark and 1280 px light', async () => {
    for (const [viewport, theme, scheme, userId] of [
      [PHONE, THEME, 'dark', 777_000_091],
      [DESKTOP, LIGHT_THEME, 'light', 777_000_092],
    ] as const) {
      const name = `sold-out-telegram-${viewport.width}-${scheme}`;
      const { context, page, errors } = await newPage(browser, viewport, scheme);
      const user = { id: userId, first_name: 'Sol', username: `sol_${userId}` };
      const main = async () => lastMainButton(await telegramEvents(page));
      await openInTelegram(page, server.url, {
        botToken: server.config.botToken!,
        user,
        theme,
        startParam: `pack_${packs.listed.id}`,
      });
      await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
      await expect
        .poll(main)
        .toMatchObject({ text: `From ${packs.listed.price} TON on resale`, is_visible: true, is_active: true });
      await shownBothWays(page, 'telegram', `${name}-listed`, async () =>
        expect(await page.getByRole('region', { name: 'Buy this pack' }).isVisible()).toBe(true),
      );
      await pressNative(page, 'main_button_pressed');
      await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#/edition?id=${packs.listed.editionId}`);
      await expect.poll(main).toMatchObject({ text: `Buy · ${packs.listed.price} TON`, is_visible: true });

      await page.evaluate((id) => (location.hash = `#/sticker?id=${id}`), packs.unlisted.id);
      await expect.poll(main).toMatchObject({ text: 'Make an offer', is_visible: true, is_active: true });
      await page.getByRole('region', { name: 'Buy this pack' }).getByText('This sticker pack is sold out').waitFor();
      await shownBothWays(page, 'telegram', `${name}-unlisted`, async () =>
        expect(await page.getByText('This sticker pack is sold out').isVisible()).toBe(true),
      );
      await pressNative(page, 'main_button_pressed');
      const sheet = page.getByRole('dialog', { name: 'Make an offer' });
      await sheet.waitFor();
      await expect.poll(main).toMatchObject({ text: 'Send offer', is_visible: true, is_active: true });
      // The page's own Send is Telegram's here; the sheet keeps only Cancel.
      expect(await sheet.getByRole('button', { name: 'Send offer' }).count()).toBe(0);
      await sheet.getByRole('spinbutton', { name: 'Your offer (TON)' }).fill('1.5');
      await shownBothWays(page, 'telegram', `${name}-offer-sheet`, async () => {
        expect(await onTop(page, 'Your offer (TON)')).toBe(true);
        expect(await onTop(page, 'Expires in (hours)')).toBe(true);
      });
      await pressNative(page, 'main_button_pressed');
      await toast(page, 'Offer sent').waitFor();
      await sheet.waitFor({ state: 'detached' });
      // The sheet gone, the Main Button is the page's again.
      await expect.poll(main).toMatchObject({ text: 'Make an offer', is_visible: true, is_active: true });
      await page.getByRole('list', { name: 'Open offers' }).getByText('1.50 TON').first().waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
