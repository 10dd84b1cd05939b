import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Order } from '@stickerdrop/shared';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import { startTestServer, type TestServer } from './support/app-server';
import { PHONE, describeBrowser, firstScreen, launchChromium, newPage, toast } from './support/browser';
import { lastMainButton, openInTelegram, pressNative, telegramEvents } from './support/telegram-mock';
import { tables } from '@stickerdrop/core/testing';
import { callApi } from './support/page-api';

const SELLER = { id: 777_000_041, first_name: 'Sam', username: 'sam' };
const BUYER = { id: 777_000_042, first_name: 'Bo', username: 'bo' };

describeBrowser('resale in the mini-app', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(user: typeof SELLER, startParam?: string) {
    const opened = await newPage(browser, PHONE);
    await openInTelegram(opened.page, server.url, {
      botToken: server.config.botToken!,
      user,
      ...(startParam ? { startParam } : {}),
    });
    await expect.poll(() => opened.page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    return opened;
  }

  it('a seller lists from the collection; a second user buys it with the main button on the demo rail', async () => {
    const [pack] = await server.db.select().from(tables.packs).where(eq(tables.packs.title, 'Mochi Feelings'));
    const seller = await signedIn(SELLER);
    // The seller owns an edition (bought on the demo rail) and has a linked wallet.
    const { order } = await callApi<{ order: Order }>(seller.page, '/api/marketplace/buy', {
      stickerId: pack!.id,
      paymentMethod: 'demo',
    });
    const paid = await callApi<{ order: Order }>(seller.page, `/api/orders/${order.id}/demo-pay`, {});
    const serial = paid.order.edition!;
    await server.db
      .update(tables.users)
      .set({ walletAddress: `0:${'41'.repeat(32)}` })
      .where(eq(tables.users.id, SELLER.id));
    // Primary supply gone: the pack page's main button leads to the floor's listing.
    await server.db
      .update(tables.packs)
      .set({ maxSupply: pack!.soldCount + 1 })
      .where(eq(tables.packs.id, pack!.id));

    await seller.page.goto(`${server.url}/#/collection`);
    await seller.page.reload();
    await seller.page.getByRole('button', { name: `Sell edition #${serial}` }).click();
    const sheet = seller.page.getByRole('dialog', { name: `Sell edition #${serial}` });
    await sheet.getByLabel('Resale price').fill('2.5');
    // 2.5 TON: royalty 5 % and fee 2.5 %, the rest to the seller; every figure with its unit.
    await expect
      .poll(() => sheet.getByTestId('split-table').locator('tr').allInnerTexts())
      .toEqual([
        'Buyer pays\t2.50\u00a0TON',
        'Creator royalty (5%)\t0.125\u00a0TON',
        'Marketplace fee (2.5%)\t0.0625\u00a0TON',
        'You receive\t2.3125\u00a0TON',
      ]);
    // The sheet spans the phone's width.
    expect(Math.round((await sheet.boundingBox())!.width)).toBe(PHONE.width);
    await firstScreen(seller.page, 'resale-sell-sheet-390-dark');
    await sheet.getByRole('button', { name: 'List for sale' }).click();
    await toast(seller.page, 'Listed for sale').waitFor();
    await seller.page.getByText('Listed at 2.50 TON').waitFor();

    const buyer = await signedIn(BUYER, `pack_${pack!.id}`);
    await buyer.page.getByRole('heading', { name: 'Mochi Feelings' }).waitFor();
    await buyer.page.getByTestId('floor').getByText('2.50 TON').waitFor();
    await expect
      .poll(async () => lastMainButton(await telegramEvents(buyer.page)))
      .toMatchObject({ text: 'From 2.50 TON on resale', is_visible: true, is_active: true });
    // It opens the cheapest listing, whose page buys it.
    await pressNative(buyer.page, 'main_button_pressed');
    await buyer.page.getByText(`Edition #${serial} of ${pack!.soldCount + 1} · resale`).waitFor();
    await expect
      .poll(async () => lastMainButton(await telegramEvents(buyer.page)))
      .toMatchObject({ text: 'Buy · 2.50 TON', is_visible: true, is_active: true });
    await pressNative(buyer.page, 'main_button_pressed');
    await expect
      .poll(async () => lastMainButton(await telegramEvents(buyer.page)))
      .toMatchObject({ text: 'Pay (demo) · 2.50 TON' });
    await pressNative(buyer.page, 'main_button_pressed');
    await toast(buyer.page, SPEC_TEXTS.purchaseSuccess).waitFor();
    // The pack's activity shows the sale, from the seller to the buyer.
    await buyer.page.goto(`${server.url}/#/sticker?id=${pack!.id}`);
    await buyer.page.getByTestId('activity').getByText(`#${serial}`).first().waitFor();
    await expect.poll(() => buyer.page.getByTestId('activity').locator('li').first().textContent()).toContain('Sold');

    // The edition moved: in the buyer's collection, gone from the seller's.
    await buyer.page.goto(`${server.url}/#/collection`);
    await buyer.page.getByRole('button', { name: `Sell edition #${serial}` }).waitFor();
    await seller.page.reload();
    await seller.page.getByRole('heading', { name: 'My Collection' }).waitFor();
    await seller.page.getByText('Your collection is empty').waitFor();
    expect(seller.errors).toEqual([]);
    expect(buyer.errors).toEqual([]);
    await seller.context.close();
    await buyer.context.close();
  });
});
