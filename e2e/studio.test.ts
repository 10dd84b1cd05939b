import { and, eq, sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CURRENCY, formatTon, type Order } from '@stickerdrop/shared';
import { createAccessTokens } from '@stickerdrop/core';
import { resaleLedger, tables } from '@stickerdrop/core/testing';
import { startTestServer, type TestServer } from './support/app-server';
import { DESKTOP, PHONE, describeBrowser, launchChromium, newPage, screenshot } from './support/browser';
import { inBothSchemes } from './support/both-themes';
import { contrastFailures } from './support/contrast';
import { serverApi } from './support/page-api';
import { LIGHT_THEME, THEME, openInTelegram } from './support/telegram-mock';

type Where = 'web' | 'telegram';
const CORA = { id: 777_000_061, first_name: 'Cora', username: 'cora' };
const ABE = { id: 777_000_062, first_name: 'Abe', username: 'abe' };
const BUYERS = [777_000_063, 777_000_064];
const DEE = 777_000_065;
const wallet = (n: number) => `0:${String(n).padStart(2, '0').repeat(32)}`;
/** An amount as the app writes it: a no-break space before the unit, so the unit never wraps alone. */
const ton = (nano: bigint) => `${formatTon(nano)}\u00a0${CURRENCY}`;

/**
 * A creator's studio and the money figures, after three first-hand sales and a
 * resale made through the API, at a phone's and a desktop's width, on the web and inside Telegram, light
 * and dark. The figures on screen are the database's.
 */
describeBrowser('the creator studio and honest figures', () => {
  let server: TestServer;
  let browser: Browser;
  let packId: number;
  let dropPackId: number;

  /** A call to the API as `userId` (an access token signed as the API signs them). */
  async function as<T>(userId: number, path: string, body?: unknown): Promise<T> {
    return serverApi(server, await createAccessTokens(server.config.jwtSecret).sign(userId))<T>(path, body);
  }

  async function buyPaid(userId: number, body: Record<string, unknown>): Promise<Order> {
    const { order } = await as<{ order: Order }>(userId, '/api/marketplace/buy', { ...body, paymentMethod: 'demo' });
    return (await as<{ order: Order }>(userId, `/api/orders/${order.id}/demo-pay`, {})).order;
  }

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
    const { db } = server;
    await db
      .insert(tables.users)
      .values([
        { id: CORA.id, firstName: 'Cora', username: 'cora', isCreator: true, walletAddress: wallet(61) },
        { id: ABE.id, firstName: 'Abe', username: 'abe', walletAddress: wallet(62) },
        ...[...BUYERS, DEE].map((id) => ({ id, firstName: `Buyer ${id}` })),
      ]);
    // Cora's packs wear a seeded pack's picture: one on sale (5 editions), one a drop in two days.
    const [art] = await db.select().from(tables.packs).limit(1);
    const [onSale, drop] = await db
      .insert(tables.packs)
      .values([
        {
          creatorId: CORA.id,
          title: 'Comet Crew',
          description: 'Five comets with faces',
          tags: ['space'],
          priceNano: 1_000_000_000n,
          maxSupply: 5,
          royaltyBps: 1000,
          coverKey: art!.coverKey,
          previewKey: art!.previewKey,
          createdAt: new Date(Date.now() - 60_000),
        },
        {
          creatorId: CORA.id,
          title: 'Moon Drop',
          priceNano: 2_000_000_000n,
          maxSupply: 50,
          dropsAt: new Date(Date.now() + 2 * 86_400_000),
          coverKey: art!.coverKey,
          previewKey: art!.previewKey,
        },
      ])
      .returning();
    packId = onSale!.id;
    dropPackId = drop!.id;
    // Three first-hand sales, then Abe resells his edition to Dee for 3.40 TON.
    const abes = await buyPaid(ABE.id, { stickerId: packId });
    for (const buyer of BUYERS) await buyPaid(buyer, { stickerId: packId });
    const [edition] = await db.select().from(tables.editions).where(eq(tables.editions.orderId, abes.id));
    const { listing } = await as<{ listing: { id: number } }>(ABE.id, `/api/editions/${edition!.id}/listing`, {
      price: '3.40',
    });
    await buyPaid(DEE, { listingId: listing.id });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** What the database says Comet Crew sold and earned its creator. */
  async function figures() {
    const { db } = server;
    const [pack] = await db.select().from(tables.packs).where(eq(tables.packs.id, packId));
    const [primary] = await db
      .select({ nano: sql<string>`sum(${tables.orders.amountNano})::text` })
      .from(tables.orders)
      .where(
        and(eq(tables.orders.packId, packId), eq(tables.orders.kind, 'primary'), eq(tables.orders.status, 'paid')),
      );
    const legs = await db
      .select()
      .from(resaleLedger)
      .innerJoin(tables.orders, eq(tables.orders.id, resaleLedger.orderId))
      .where(eq(tables.orders.packId, packId));
    const leg = (name: string) => legs.find((row) => row.resale_ledger.leg === name)!.resale_ledger;
    return { pack: pack!, revenue: BigInt(primary!.nano), royalty: leg('royalty'), seller: leg('seller') };
  }

  /** Inside Telegram the studio is seen in the day theme and the Android dark one. */
  const STUDIO_THEMES = { light: LIGHT_THEME, dark: THEME };

  /** The app opened as `user` in the light scheme; each case switches it to dark and back to check both. */
  async function open(where: Where, viewport: typeof PHONE, user: typeof CORA) {
    const opened = await newPage(browser, viewport, 'light');
    if (where === 'telegram') {
      await openInTelegram(opened.page, server.url, {
        botToken: server.config.botToken!,
        user,
        theme: STUDIO_THEMES.light,
      });
    } else {
      const token = await createAccessTokens(server.config.jwtSecret).sign(user.id);
      await opened.page.addInitScript((access) => {
        if (!localStorage.getItem('accessToken')) localStorage.setItem('accessToken', access);
      }, token);
      await opened.page.goto(server.url);
    }
    await opened.page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
    return opened;
  }

  /**
   * The screen in both schemes: on the web the axe suite's rule (the palette is ours there; inside Telegram
   * it is Telegram's theme), and a picture of each.
   */
  async function checkBothSchemes(where: Where, page: Page, name: string, contrast = true) {
    await inBothSchemes(
      page,
      where,
      async (scheme) => {
        if (contrast && where === 'web') expect(await contrastFailures(page), scheme).toEqual([]);
        await shot(page, name.replace('{scheme}', scheme));
      },
      STUDIO_THEMES,
    );
  }

  /** Studio through the app's own navigation: the tab bar in Telegram, the header (or its drawer) on the web. */
  async function goToStudio(where: Where, page: Page, width: number) {
    if (where === 'web' && width <= 768) await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: where === 'web' && width <= 768 ? 'Menu' : 'Main' });
    await nav.getByRole('link', { name: 'Studio' }).click();
    await page.getByRole('table', { name: 'Your packs' }).waitFor({ state: 'attached' });
  }

  const shot = (page: Page, name: string) => screenshot(page, `studio-${name}`);
  const cases = (['web', 'telegram'] as Where[]).flatMap((where) =>
    [PHONE, DESKTOP].map((viewport) => ({ where, width: viewport.width, viewport })),
  );

  it.each(cases)('$where at $width px, light and dark: the studio’s figures are the database’s', async (c) => {
    const { where, viewport } = c;
    const name = `${where}-${viewport.width}-{scheme}`;
    const { context, page, errors } = await open(where, viewport, CORA);
    await goToStudio(where, page, viewport.width);
    const db = await figures();
    const row = page.getByTestId('studio-row').filter({ hasText: 'Comet Crew' });
    const cell = (label: string) => row.locator(`[data-label="${label}"]`);
    expect(await cell('Sold').innerText()).toContain(`${db.pack.soldCount} / ${db.pack.maxSupply} sold`);
    expect(db.pack.soldCount).toBe(3);
    expect(await cell('Revenue').innerText()).toContain(ton(db.revenue));
    expect(db.royalty.status).toBe('paid');
    expect(await cell('Royalties paid').innerText()).toContain(ton(db.royalty.amountNano));
    expect(await cell('Royalties paid').innerText()).toContain('1 resale');
    expect(await cell('Royalties owed').innerText()).toContain(ton(0n));
    expect(await cell('Views').innerText()).toContain(String(db.pack.views));
    expect(await cell('Likes').innerText()).toContain(String(db.pack.likes));
    expect(await cell('Status').innerText()).toContain('On sale');
    const drop = page.getByTestId('studio-row').filter({ hasText: 'Moon Drop' });
    expect(await drop.locator('[data-label="Status"]').innerText()).toContain('Scheduled');
    await page.getByTestId('sales-chart').waitFor();
    // Nothing sticks out of the page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await checkBothSchemes(where, page, name);

    // The editor: description and tags of a pack that sold; the drop's time only while scheduled.
    await page.getByRole('button', { name: 'Edit Moon Drop' }).click();
    await page.getByLabel('Drop opens (local time)').waitFor();
    await checkBothSchemes(where, page, `${name}-edit`, false);
    await page.getByRole('button', { name: 'Cancel' }).click();

    // The collection's Created tab: the newest pack first, each with Share your drop.
    await page.evaluate(() => (window.location.hash = '#/collection?tab=created'));
    const created = page.getByTestId('created-pack');
    await created.first().waitFor();
    expect(await created.locator('.created-pack__title').allInnerTexts()).toEqual(['Moon Drop', 'Comet Crew']);
    await page.getByRole('button', { name: 'Share your drop: Comet Crew' }).waitFor();
    await checkBothSchemes(where, page, `${name}-created`);

    // The card says how few are left.
    await page.evaluate(() => (window.location.hash = '#/marketplace?q=Comet'));
    const card = page.getByTestId('pack-card').filter({ hasText: 'Comet Crew' });
    expect(await card.getByTestId('card-supply').innerText()).toBe('2 left');
    await checkBothSchemes(where, page, `${name}-card`, false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(cases)(
    '$where at $width px, light and dark: the seller’s profile after the resale',
    async ({ where, viewport }) => {
      const { context, page, errors } = await open(where, viewport, ABE);
      await page.evaluate(() => (window.location.hash = '#/profile'));
      const tiles = page.getByLabel('Statistics');
      await tiles.waitFor();
      const db = await figures();
      const tile = (label: string) => tiles.locator('.stat-tile', { hasText: label }).locator('dd');
      await expect.poll(() => tile('Packs Sold').innerText()).toBe('1');
      expect(await tile('Total Earnings').innerText()).toBe(ton(db.seller.amountNano));
      expect(await tile('Packs Purchased').innerText()).toBe('1');
      const money = page.getByRole('region', { name: 'Earnings and spending' });
      expect(await money.innerText()).toContain(`1 · ${ton(db.seller.amountNano)}`);
      await checkBothSchemes(where, page, `${where}-${viewport.width}-{scheme}-seller-profile`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('a sold-out pack: marked on its card, no payment choice on its page', async () => {
    await server.db.update(tables.packs).set({ maxSupply: 3 }).where(eq(tables.packs.id, packId));
    const { context, page } = await open('web', PHONE, CORA);
    await page.evaluate(() => (window.location.hash = '#/marketplace?q=Comet'));
    const card = page.getByTestId('pack-card').filter({ hasText: 'Comet Crew' });
    expect(await card.getByTestId('card-supply').innerText()).toBe('Sold out');
    await page.evaluate((id) => (window.location.hash = `#/sticker?id=${id}`), packId);
    await page.getByLabel('Buy this pack').waitFor();
    expect(await page.getByRole('radio').count()).toBe(0);
    expect(await page.getByLabel('Pack statistics').innerText()).toContain('Likes');
    await shot(page, 'web-390-light-sold-out-pack');
    await context.close();
    expect(dropPackId).toBeGreaterThan(0);
  });
});
