import { eq, sql } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Order } from '@stickerdrop/shared';
import { tables } from '@stickerdrop/core/testing';
import { startTestServer, type TestServer } from './support/app-server';
import { inBothSchemes } from './support/both-themes';
import { describeBrowser, launchChromium, screenshot, toast } from './support/browser';
import { telegramUserApi } from './support/page-api';
import { overflowing } from './support/russian';
import { SCREEN_CASES } from './support/screen-cases';
import { openInTelegramAs, openOnWebAs } from './support/signed-in';
import { LIGHT_THEME, THEME } from './support/telegram-mock';

const THEMES = { light: LIGHT_THEME, dark: THEME };
/** A pack priced past a thousand TON in ten thousand editions: its figures need their thousands grouped. */
const DEAR = { priceNano: 12_345_670_000_000n, maxSupply: 10_000 };
const GRAND = { priceNano: 1_000_000_000_000n };
const WALLET = `0:${'5c'.repeat(32)}`;

/** Whether what a person sees at the element's centre is the element, not a bar drawn over it. */
function seen(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && (top === node || node.contains(top));
  });
}

/** The stat tiles whose figure is wider than its tile (drawn over its neighbour or the page's edge). */
function tilesSpill(page: Page): Promise<string[]> {
  return page
    .locator('.stat-tile__value')
    .evaluateAll((values) =>
      values
        .filter((value) => value.scrollWidth > value.parentElement!.clientWidth)
        .map((value) => value.textContent ?? ''),
    );
}

/** Scrolled to the end of the page, the bottom of `element` is above the tab bar (where there is one). */
async function bottomClearOfTabBar(page: Page, element: Locator): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const tabbar = page.locator('nav.tabbar');
  const bar = (await tabbar.count()) > 0 ? await tabbar.boundingBox() : null;
  const box = (await element.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual((bar?.y ?? page.viewportSize()!.height) + 0.5);
}

/**
 * A collector's portfolio: the collection says what it is worth at today's prices, what was paid and the
 * difference, per edition and in total, and the profile the same in one line; figures past a thousand are
 * grouped ("12,345.67 TON", "9,996 of 10,000 left"). Inside Telegram the profile shows the wallet shortened
 * with a copy action, no GitHub link, and a collector no "Royalties owed". On the web and inside the emulated
 * client, at 390 and 1280 px, each screen checked and pictured in both schemes.
 */
describeBrowser("a collector's portfolio", () => {
  let server: TestServer;
  let browser: Browser;
  type Pack = { id: number; title: string; soldCount: number };
  let packs: { dear: Pack; grand: Pack; spare: Pack };

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
    const rows = await server.db
      .select({ id: tables.packs.id, title: tables.packs.title, soldCount: tables.packs.soldCount })
      .from(tables.packs)
      .where(
        sql`${tables.packs.dropsAt} is null and ${tables.packs.soldCount} < ${tables.packs.maxSupply} and ${tables.packs.status} = 'listed'
          and not exists (select 1 from listings l where l.pack_id = ${tables.packs.id})`,
      )
      .orderBy(tables.packs.id)
      .limit(3);
    const [dear, grand, spare] = rows;
    await server.db.update(tables.packs).set(DEAR).where(eq(tables.packs.id, dear!.id));
    await server.db.update(tables.packs).set(GRAND).where(eq(tables.packs.id, grand!.id));
    // Nobody here buys the spare: ten thousand editions left, whatever it had sold.
    const spareSupply = { ...DEAR, maxSupply: spare!.soldCount + 10_000 };
    await server.db.update(tables.packs).set(spareSupply).where(eq(tables.packs.id, spare!.id));
    packs = { dear: dear!, grand: grand!, spare: spare! };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A collector (no creator) who bought an edition of both packs on the demo rail and linked a wallet. */
  async function collector(index: number) {
    const user = { id: 777_000_800 + index, first_name: 'Pia', username: `pia${index}` };
    const api = await telegramUserApi(server, user);
    for (const pack of [packs.dear, packs.grand]) {
      const { order } = await api<{ order: Order }>('/api/marketplace/buy', {
        stickerId: pack.id,
        paymentMethod: 'demo',
      });
      await api(`/api/orders/${order.id}/demo-pay`, {});
    }
    await server.db.update(tables.users).set({ walletAddress: WALLET }).where(eq(tables.users.id, user.id));
    return user;
  }

  it.each(SCREEN_CASES.map((c, index) => ({ ...c, index })))(
    '$where at $width px, dark and light: worth, grouped figures, and the profile',
    async ({ where, viewport, index }) => {
      const user = await collector(index);
      const { context, page, errors } =
        where === 'web'
          ? await openOnWebAs(browser, server, user.id, { viewport, scheme: 'light', hash: '/collection' })
          : await openInTelegramAs(browser, server, user, { viewport, hash: '/collection' });
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const name = `collect/portfolio-${where}-${viewport.width}`;

      await collectionWorth(page, where, name);
      await groupedPackFigures(page, where, name);
      await profile(page, where, name);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  async function collectionWorth(page: Page, where: 'web' | 'telegram', name: string) {
    await page.getByRole('heading', { name: 'My Collection', level: 1 }).waitFor();
    const total = page.getByTestId('collection-worth');
    // Bought at today's prices, nothing listed: worth what was paid, nothing gained.
    await expect
      .poll(() => total.textContent())
      .toBe('Worth 13,345.67\u00a0TON today · paid 13,345.67\u00a0TON 0.00\u00a0TON');
    const dearCard = page.getByTestId('collection-entry').filter({ hasText: packs.dear.title });
    expect(await dearCard.getByTestId('edition-worth').textContent()).toBe(
      'Worth 12,345.67\u00a0TON today 0.00\u00a0TON',
    );
    await dearCard.getByText(/^Edition #\d+ of 10,000$/).waitFor();
    const spent = page.getByLabel('Collection statistics').locator('.stat-tile', { hasText: 'Total Spent' });
    expect(await spent.locator('dd').textContent()).toBe('13,345.67 TON');
    await inBothSchemes(
      page,
      where,
      async (scheme) => {
        expect(await total.isVisible()).toBe(true);
        expect(await overflowing(page)).toEqual([]);
        expect(await tilesSpill(page)).toEqual([]);
        // Both titles are short: a long price beside them must not cut them.
        const cut = await page
          .locator('.pack-card__title')
          .evaluateAll((titles) => titles.filter((title) => title.scrollHeight > title.clientHeight + 1).length);
        expect(cut).toBe(0);
        await bottomClearOfTabBar(page, page.getByTestId('collection-entry').last());
        await screenshot(page, `${name}-${scheme}-collection`);
      },
      THEMES,
    );
  }

  /** In each scheme nothing overflows and no tile spills, pictured as `<name>-<scheme>-<part>`. */
  async function unspilledInBothSchemes(page: Page, where: 'web' | 'telegram', name: string, part: string) {
    await inBothSchemes(
      page,
      where,
      async (scheme) => {
        expect(await overflowing(page)).toEqual([]);
        expect(await tilesSpill(page)).toEqual([]);
        await screenshot(page, `${name}-${scheme}-${part}`);
      },
      THEMES,
    );
  }

  async function groupedPackFigures(page: Page, where: 'web' | 'telegram', name: string) {
    await page.evaluate((id) => (window.location.hash = `/sticker?id=${id}`), packs.spare.id);
    const box = page.getByLabel('Buy this pack');
    expect(await box.locator('.price-box__price').innerText()).toMatch(/12,345\.67\sTON$/);
    const supply = (packs.spare.soldCount + 10_000).toLocaleString('en-US');
    expect(await box.locator('.price-box__supply').textContent()).toBe(`10,000 of ${supply} left · limited edition`);
    await unspilledInBothSchemes(page, where, name, 'pack');
  }

  async function profile(page: Page, where: 'web' | 'telegram', name: string) {
    await page.evaluate(() => (window.location.hash = '/profile'));
    const worth = page.getByTestId('profile-worth');
    await expect
      .poll(() => worth.textContent())
      .toBe('Worth 13,345.67\u00a0TON today · paid 13,345.67\u00a0TON 0.00\u00a0TON');
    // One line where it fits (a desktop); on a phone two at most, never a table.
    const lines = await worth.evaluate((line) => {
      const range = document.createRange();
      range.selectNodeContents(line);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.bottom))).size;
    });
    expect(lines).toBeLessThanOrEqual(page.viewportSize()!.width > 768 ? 1 : 2);
    // A collector has no royalties waiting for a wallet.
    await page.getByText('Royalties received').waitFor();
    expect(await page.getByText('Royalties owed').count()).toBe(0);
    const wallet = page.locator('.profile__wallet');
    expect(await wallet.locator(`[title="${WALLET}"]`).textContent()).toBe(
      `${WALLET.slice(0, 6)}\u2026${WALLET.slice(-4)}`,
    );
    const copy = wallet.getByRole('button', { name: 'Copy address' });
    await copy.scrollIntoViewIfNeeded();
    expect(await seen(copy)).toBe(true);
    await copy.click();
    await toast(page, 'Address copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(WALLET);
    // The code-hosting link is the web's; inside Telegram it would leave the app for a browser.
    const github = page.locator('footer').getByRole('link', { name: 'GitHub' });
    expect(await github.count()).toBe(where === 'web' ? 1 : 0);
    await bottomClearOfTabBar(page, page.locator('footer'));
    await unspilledInBothSchemes(page, where, name, 'profile');
  }
});
