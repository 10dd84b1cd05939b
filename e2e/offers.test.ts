import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  MESSAGES,
  RESALE_ERRORS,
  formatTon,
  splitResalePrice,
  type EditionDetail,
  type Order,
  type User,
} from '@stickerdrop/shared';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import { startTestServer, type TestServer } from './support/app-server';
import { DESKTOP, PHONE, describeBrowser, launchChromium, newPage, screenshot, toast } from './support/browser';
import { contrastFailures } from './support/contrast';
import { lastMainButton, openInTelegram, pressNative, telegramEvents } from './support/telegram-mock';
import { tables } from '@stickerdrop/core/testing';
import { callApi } from './support/page-api';

/** The bidder, inside Telegram (its dark theme) on a phone; the owner is the demo collector on the web. */
const BIDDER = { id: 777_000_052, first_name: 'Bea', username: 'bea' };

/**
 * Offers in the browser: make an offer, accept it as a second user, pay it on the demo rail; the bidder
 * inside Telegram (emulated), the owner on the plain web.
 */
describeBrowser('offers in the mini-app', () => {
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

  it('a bidder in Telegram makes an offer, the owner accepts it on the web, the bidder pays and owns the edition', async () => {
    const [pack] = await server.db.select().from(tables.packs).where(eq(tables.packs.title, 'Mochi Feelings'));
    const contrast: string[] = [];
    // Contrast is ours to keep on the plain web (inside Telegram the colours are the client's theme).
    const look = async (page: Page, name: string, plainWeb: boolean) => {
      if (plainWeb) {
        for (const failure of await contrastFailures(page)) {
          contrast.push(`${name}: ${failure.target} "${failure.text}" ${failure.summary.replace(/\s+/g, ' ')}`);
        }
      }
      await screenshot(page, name);
    };

    // The owner, on the plain web at desktop width, holds an edition (bought on the demo rail) and a wallet.
    const owner = await newPage(browser, DESKTOP, 'light');
    await owner.page.goto(`${server.url}/#/login`);
    await owner.page.getByRole('button', { name: 'Continue as demo collector' }).click();
    await owner.page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
    const { order } = await callApi<{ order: Order }>(owner.page, '/api/marketplace/buy', {
      stickerId: pack!.id,
      paymentMethod: 'demo',
    });
    const paid = await callApi<{ order: Order }>(owner.page, `/api/orders/${order.id}/demo-pay`, {});
    expect(paid.order.status).toBe('paid');
    const [owned] = await callApi<{ editionId: number; serial: number }[]>(owner.page, '/api/collection');
    const { user: ownerUser } = await callApi<{ user: User }>(owner.page, '/api/auth/me');
    const { editionId, serial } = owned!;
    await server.db
      .update(tables.users)
      .set({ walletAddress: `0:${'52'.repeat(32)}` })
      .where(eq(tables.users.id, ownerUser.id));

    // The bidder offers 2.5 TON on that edition for the default 24 hours; the price is checked first.
    const bidder = await newPage(browser, PHONE, 'dark');
    await openInTelegram(bidder.page, server.url, { botToken: server.config.botToken!, user: BIDDER });
    await expect.poll(() => bidder.page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    await bidder.page.goto(`${server.url}/#/edition?id=${editionId}`);
    await bidder.page.getByText('No offers yet.').waitFor();
    // The form opens in a sheet, whose Send is Telegram's Main Button.
    await bidder.page.getByRole('button', { name: 'Make offer' }).click();
    const form = bidder.page.getByRole('dialog', { name: 'Make an offer' });
    await expect.poll(() => form.getByLabel('Expires in (hours)').inputValue()).toBe('24');
    await expect
      .poll(async () => lastMainButton(await telegramEvents(bidder.page)))
      .toMatchObject({ text: 'Send offer', is_visible: true, is_active: true });
    await form.getByLabel('Your offer (TON)').fill('0');
    await pressNative(bidder.page, 'main_button_pressed');
    await toast(bidder.page, MESSAGES.priceInvalid).waitFor();
    await form.getByLabel('Your offer (TON)').fill('2.5');
    await look(bidder.page, 'offers-form-390-dark', false);
    await pressNative(bidder.page, 'main_button_pressed');
    await toast(bidder.page, 'Offer sent').waitFor();
    // Closed, the sheet gives the Main Button back: the unlisted edition's page has none.
    await expect
      .poll(async () => lastMainButton(await telegramEvents(bidder.page)))
      .toMatchObject({ is_visible: false });
    const bid = bidder.page.getByRole('list', { name: 'Open offers' }).getByTestId('offer-row');
    await bid
      .filter({ hasText: `#${serial} · by ${BIDDER.first_name}` })
      .getByText('2.50 TON')
      .waitFor();
    await bid.getByText(/^Expires in 2[34] h$/).waitFor();
    await bid.getByRole('button', { name: 'Withdraw' }).waitFor();
    await look(bidder.page, 'offers-edition-390-dark', false);

    // The owner sees it on the edition page (no Make offer there) and accepts it in the collection's Offers tab.
    await owner.page.goto(`${server.url}/#/edition?id=${editionId}`);
    await owner.page.getByRole('list', { name: 'Open offers' }).getByText('2.50 TON').waitFor();
    expect(await owner.page.getByRole('button', { name: 'Make offer' }).count()).toBe(0);
    await look(owner.page, 'offers-edition-owner-1280-light', true);
    // A second collector (the demo creator, on the web) offers 2.00 on the same edition.
    const second = await newPage(browser, PHONE, 'light');
    await second.page.goto(`${server.url}/#/login`);
    await second.page.getByRole('button', { name: 'Continue as demo creator' }).click();
    await second.page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
    await callApi(second.page, '/api/offers', { editionId, price: '2.00' });
    await second.context.close();

    await owner.page.goto(`${server.url}/#/collection?tab=offers`);
    const received = owner.page.getByRole('list', { name: 'Offers received' });
    const beas = received.getByTestId('offer-row').filter({ hasText: `#${serial} · by ${BIDDER.first_name}` });
    await beas.waitFor();
    // Before the tap: what the owner receives after the creator's royalty and the marketplace fee.
    const receive = formatTon(splitResalePrice(2_500_000_000n, pack!.royaltyBps, server.config.marketFeeBps).seller);
    await beas.getByText(`You receive ${receive} TON after royalty and fee`).waitFor();
    await look(owner.page, 'offers-received-1280-light', true);
    await beas.getByRole('button', { name: `Accept the offer of 2.50 from ${BIDDER.first_name}` }).click();
    // Asked once, with the figures beside each other.
    const sheet = owner.page.getByRole('dialog', { name: `Accept 2.50 TON from ${BIDDER.first_name}?` });
    await sheet.getByText(`${receive} TON`).waitFor();
    await sheet.getByText('Pack floor').waitFor();
    await look(owner.page, 'offers-accept-sheet-1280-light', true);
    await sheet.getByRole('button', { name: `Accept and sell #${serial}` }).click();
    await toast(owner.page, 'Offer accepted: the buyer can pay now').waitFor();
    // The other offer on the edition, which Bea is paying for now, says so and cannot be accepted.
    const other = received.getByTestId('offer-row').filter({ hasText: '2.00 TON' });
    await other.getByText(RESALE_ERRORS.beingBought).waitFor();
    expect(await other.getByRole('button', { name: /^Accept the offer of 2.00/ }).isDisabled()).toBe(true);
    expect(await received.getByTestId('offer-row').count()).toBe(1);
    await look(owner.page, 'offers-received-held-1280-light', true);

    // The bidder's Made tab has Pay, opening the resale order on the pack page; the bot's Pay button
    // opens the same order with `startapp=order_<packId>_<id>`. Launched that way, Telegram's Main Button
    // pays it on the demo rail, as it pays any resale.
    await bidder.page.goto(`${server.url}/#/collection?tab=offers`);
    await bidder.page.getByRole('button', { name: 'Made' }).click();
    const made = bidder.page.getByRole('list', { name: 'Offers made' });
    await made.getByText(/^Accepted · pay within \d+ min$/).waitFor();
    await look(bidder.page, 'offers-made-390-dark', false);
    const payLink = await made.getByRole('link', { name: 'Pay · 2.50 TON' }).getAttribute('href');
    const orderId = /[?&]order=([0-9a-f-]{36})$/.exec(payLink ?? '')?.[1];
    expect(payLink).toBe(`#/sticker?id=${pack!.id}&order=${orderId}`);
    const payer = await newPage(browser, PHONE, 'dark');
    await openInTelegram(payer.page, server.url, {
      botToken: server.config.botToken!,
      user: BIDDER,
      startParam: `order_${pack!.id}_${orderId}`,
    });
    await payer.page.getByTestId('payment-step').waitFor();
    await payer.page.getByText(`Edition #${serial} of ${pack!.maxSupply} · resale`).waitFor();
    await expect
      .poll(async () => lastMainButton(await telegramEvents(payer.page)))
      .toMatchObject({ text: 'Pay (demo) · 2.50 TON', is_visible: true, is_active: true });
    await look(payer.page, 'offers-paying-390-dark', false);
    await pressNative(payer.page, 'main_button_pressed');
    await toast(payer.page, SPEC_TEXTS.purchaseSuccess).waitFor();
    await payer.page.getByText(/You own this pack/).waitFor();
    expect(payer.errors).toEqual([]);
    await payer.context.close();

    // The edition is the bidder's now: its page, the API and both collections say so.
    // (The bidder's first window paid nothing itself: it reloads to see the change.)
    await bidder.page.goto(`${server.url}/#/edition?id=${editionId}`);
    await bidder.page.reload();
    await bidder.page.getByText(/^Owned by @bea/).waitFor();
    const edition = await callApi<EditionDetail>(bidder.page, `/api/editions/${editionId}`);
    expect(edition.owner.id).toBe(BIDDER.id);
    await bidder.page.goto(`${server.url}/#/collection`);
    await bidder.page.getByRole('button', { name: `Sell edition #${serial}` }).waitFor();
    await owner.page.goto(`${server.url}/#/collection`);
    await owner.page.reload();
    await owner.page.getByText('Your collection is empty').waitFor();

    expect(contrast).toEqual([]);
    expect(owner.errors).toEqual([]);
    expect(bidder.errors).toEqual([]);
    await owner.context.close();
    await bidder.context.close();
  });
});
