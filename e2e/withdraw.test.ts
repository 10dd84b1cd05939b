import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CURRENCY, formatTon } from '@stickerdrop/shared';
import { SecretWords, createAccessTokens, fulfilOrder, reserveEdition } from '@stickerdrop/core';
import { tables } from '@stickerdrop/core/testing';
import { startTestServer, type TestServer } from './support/app-server';
import { DESKTOP, PHONE, describeBrowser, launchChromium, newPage, screenshot, toast } from './support/browser';
import { inBothSchemes } from './support/both-themes';
import { contrastFailures } from './support/contrast';
import { LIGHT_THEME, THEME, openInTelegram } from './support/telegram-mock';

type Where = 'web' | 'telegram';
const TON = 1_000_000_000n;
const ton = (nano: bigint) => `${formatTon(nano)}\u00a0${CURRENCY}`;
const STUDIO_THEMES = { light: LIGHT_THEME, dark: THEME };
const cases = (['web', 'telegram'] as Where[]).flatMap((where) =>
  [PHONE, DESKTOP].map((viewport) => ({ where, width: viewport.width, viewport })),
);

/**
 * The studio's Withdraw, on the web and inside Telegram, at a phone's and a desktop's width, light and dark:
 * a creator whose TON sales left 3.80 TON available (2 TON each, less the 5 % primary fee) sees each entry
 * traced to its sale, withdraws, and sees the money on its way; the payout written is the database's, exact.
 */
describeBrowser('the studio’s Withdraw', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer({
      payouts: {
        mnemonic: new SecretWords(['unused']),
        maxNano: 100n * TON,
        dailyMaxNano: 1000n * TON,
        minNano: TON,
        auto: false,
      },
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A creator with a linked wallet and two TON sales of a 2 TON pack: 3.80 TON available. */
  async function creatorWithSales(id: number) {
    const { db } = server;
    const wallet = `0:${(id % 100).toString().padStart(2, '0').repeat(32)}`;
    await db.insert(tables.users).values([
      { id, firstName: 'Wren', username: `wren${id}`, isCreator: true, walletAddress: wallet },
      { id: id + 1, firstName: 'Buyer' },
      { id: id + 2, firstName: 'Buyer' },
    ]);
    const [art] = await db.select().from(tables.packs).limit(1);
    const [pack] = await db
      .insert(tables.packs)
      .values({
        creatorId: id,
        title: 'Paper Boats',
        priceNano: 2n * TON,
        maxSupply: 10,
        coverKey: art!.coverKey,
        previewKey: art!.previewKey,
      })
      .returning();
    const orders: string[] = [];
    for (const buyer of [id + 1, id + 2]) {
      const now = new Date();
      const { order } = await reserveEdition(db, { userId: buyer, packId: pack!.id, paymentMethod: 'ton', now });
      await fulfilOrder(db, { orderId: order.id, paymentRef: `ton:${order.id}`, now, method: 'ton' });
      orders.push(order.id);
    }
    return { user: { id, first_name: 'Wren', username: `wren${id}` }, orders };
  }

  async function openStudio(
    where: Where,
    viewport: typeof PHONE,
    user: { id: number; first_name: string; username: string },
  ) {
    const opened = await newPage(browser, viewport, 'light');
    if (where === 'telegram') {
      await openInTelegram(opened.page, server.url, { botToken: server.config.botToken!, user, theme: LIGHT_THEME });
    } else {
      const token = await createAccessTokens(server.config.jwtSecret).sign(user.id);
      await opened.page.addInitScript((access) => localStorage.setItem('accessToken', access), token);
      await opened.page.goto(server.url);
    }
    await opened.page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
    await opened.page.evaluate(() => (window.location.hash = '#/studio'));
    await opened.page.getByRole('heading', { name: 'Your balance' }).waitFor();
    return opened;
  }

  async function bothSchemes(where: Where, page: Page, name: string) {
    await inBothSchemes(
      page,
      where,
      async (scheme) => {
        if (where === 'web') expect(await contrastFailures(page), scheme).toEqual([]);
        await screenshot(page, `withdraw-${name.replace('{scheme}', scheme)}`);
      },
      STUDIO_THEMES,
    );
  }

  it.each(cases)('$where at $width px, light and dark: withdraw the available balance', async ({ where, viewport }) => {
    const id = 777_000_100 + cases.findIndex((c) => c.where === where && c.viewport === viewport) * 10;
    const { user, orders } = await creatorWithSales(id);
    const { context, page, errors } = await openStudio(where, viewport, user);
    const history = page.getByRole('table', { name: 'Balance history' });
    await history.waitFor();
    const rows = history.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    const first = rows.first();
    expect(await first.locator('[data-label="Sale"]').innerText()).toBe('Sale: Paper Boats #2');
    expect(await first.locator('[data-label="Order"]').innerText()).toBe(orders[1]!.slice(0, 8));
    expect(await first.locator('[data-label="Paid with"]').innerText()).toBe('TON');
    expect(await first.locator('[data-label="Amount"]').innerText()).toBe(ton(1_900_000_000n));
    expect(await first.locator('[data-label="Status"]').innerText()).toBe('Available');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    const name = `${where}-${viewport.width}-{scheme}`;
    await bothSchemes(where, page, name);

    await page.getByRole('button', { name: `Withdraw ${ton(3_800_000_000n)}` }).click();
    await toast(page, `${ton(3_800_000_000n)} is on its way to your wallet`).waitFor();
    await page.getByText(`You can withdraw to your linked wallet once ${ton(TON)} is available.`).waitFor();
    expect(await page.getByRole('button', { name: /^Withdraw/ }).count()).toBe(0);
    const withdrawal = rows.first();
    expect(await withdrawal.locator('[data-label="Sale"]').innerText()).toBe('Withdrawal');
    expect(await withdrawal.locator('[data-label="Amount"]').innerText()).toBe(ton(-3_800_000_000n));
    expect(await withdrawal.locator('[data-label="Status"]').innerText()).toBe('On its way');
    const tiles = page.getByLabel('Your balance', { exact: true });
    expect(await tiles.locator('.stat-tile', { hasText: 'On its way' }).locator('dd').innerText()).toBe(
      ton(3_800_000_000n),
    );
    expect(await tiles.locator('.stat-tile', { hasText: 'Available' }).locator('dd').innerText()).toBe(ton(0n));
    await bothSchemes(where, page, `${name}-sent`);

    const written = await server.db.select().from(tables.balanceEntries).where(eq(tables.balanceEntries.creatorId, id));
    const payoutId = written.find((entry) => entry.kind === 'payout')!.payoutId!;
    const [payout] = await server.db.select().from(tables.payouts).where(eq(tables.payouts.id, payoutId));
    expect(payout).toMatchObject({ kind: 'creator_payout', amountNano: 3_800_000_000n, status: 'pending' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
