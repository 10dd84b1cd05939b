import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGES, type EditionDetail, type Order } from '@stickerdrop/shared';
import { DEMO_USERS, tables } from '@stickerdrop/core';
import { startTestServer, type TestServer } from './support/app-server';
import { DESKTOP, PHONE, describeBrowser, launchChromium, newPage, screenshot, toast } from './support/browser';
import { contrastFailures } from './support/contrast';
import { openInTelegram } from './support/telegram-mock';

/** The owner, inside Telegram (its dark theme) on a phone. */
const OWNER = { id: 777_000_051, first_name: 'Olga', username: 'olga' };
const BIDDER_NAME = DEMO_USERS.collector.firstName;

/** The page's own API call with the session the app signed in with. */
async function callApi<T>(page: Page, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${localStorage.getItem('accessToken')}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.json();
    },
    { path, body },
  ) as Promise<T>;
}

/** Issue 11's browser line: make an offer, accept it as a second user, pay it on the demo rail. */
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

  it('a bidder on the web makes an offer, the owner accepts it in Telegram, the bidder pays and owns the edition', async () => {
    const [pack] = await server.db.select().from(tables.packs).where(eq(tables.packs.title, 'Mochi Feelings'));
    const contrast: string[] = [];
    // Contrast is ours to keep on the plain web (inside Telegram the colours are the client's theme).
    const look = async (page: Page, name: string, plainWeb = true) => {
      if (plainWeb) {
        for (const failure of await contrastFailures(page)) {
          contrast.push(`${name}: ${failure.target} "${failure.text}" ${failure.summary.replace(/\s+/g, ' ')}`);
        }
      }
      await screenshot(page, name);
    };

    // The owner holds an edition (bought on the demo rail) and has a wallet for the seller's leg.
    const owner = await newPage(browser, PHONE, 'dark');
    await openInTelegram(owner.page, server.url, { botToken: server.config.botToken!, user: OWNER });
    await expect.poll(() => owner.page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    const { order } = await callApi<{ order: Order }>(owner.page, '/api/marketplace/buy', {
      stickerId: pack!.id,
      paymentMethod: 'demo',
    });
    const paid = await callApi<{ order: Order }>(owner.page, `/api/orders/${order.id}/demo-pay`, {});
    expect(paid.order.status).toBe('paid');
    const [owned] = await callApi<{ editionId: number; serial: number }[]>(owner.page, '/api/collection');
    const editionId = owned!.editionId;
    await server.db
      .update(tables.users)
      .set({ walletAddress: `0:${'51'.repeat(32)}` })
      .where(eq(tables.users.id, OWNER.id));

    // The bidder, on the plain web at desktop width, offers 2.5 TON on that edition for the default 24 hours.
    const bidder = await newPage(browser, DESKTOP, 'light');
    await bidder.page.goto(`${server.url}/#/login`);
    await bidder.page.getByRole('button', { name: 'Continue as demo collector' }).click();
    await bidder.page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
    await bidder.page.goto(`${server.url}/#/edition?id=${editionId}`);
    await bidder.page.getByText('No offers yet.').waitFor();
    await bidder.page.getByRole('button', { name: 'Make offer' }).click();
    await expect.poll(() => bidder.page.getByLabel('Expires in (hours)').inputValue()).toBe('24');
    await bidder.page.getByLabel('Your offer (TON)').fill('0');
    await bidder.page.getByRole('button', { name: 'Send offer' }).click();
    await toast(bidder.page, MESSAGES.priceInvalid).waitFor();
    await bidder.page.getByLabel('Your offer (TON)').fill('2.5');
    await look(bidder.page, 'offers-form-1280-light');
    await bidder.page.getByRole('button', { name: 'Send offer' }).click();
    await toast(bidder.page, 'Offer sent').waitFor();
    const bidRow = bidder.page.getByRole('list', { name: 'Open offers' }).getByTestId('offer-row');
    await bidRow
      .filter({ hasText: `by ${BIDDER_NAME}` })
      .getByText('2.50 TON')
      .waitFor();
    await bidRow.getByText('Expires in 23 h').or(bidRow.getByText('Expires in 24 h')).waitFor();
    await look(bidder.page, 'offers-edition-1280-light');

    // The owner sees it on the edition page and in the collection's Offers tab, and accepts it there.
    await owner.page.goto(`${server.url}/#/edition?id=${editionId}`);
    await owner.page.getByRole('list', { name: 'Open offers' }).getByText('2.50 TON').waitFor();
    expect(await owner.page.getByRole('button', { name: 'Make offer' }).count()).toBe(0);
    await look(owner.page, 'offers-edition-owner-390-dark', false);
    await owner.page.goto(`${server.url}/#/collection?tab=offers`);
    const received = owner.page.getByRole('list', { name: 'Offers received' });
    await received.getByText(`#${owned!.serial} · by ${BIDDER_NAME}`).waitFor();
    await look(owner.page, 'offers-received-390-dark', false);
    await received.getByRole('button', { name: `Accept the offer of 2.50 from ${BIDDER_NAME}` }).click();
    await toast(owner.page, 'Offer accepted: the buyer can pay now').waitFor();
    await owner.page.getByText('No offers received').waitFor();

    // The bidder's Made tab has Pay: it opens the resale order on the pack page, paid on the demo rail.
    await bidder.page.goto(`${server.url}/#/collection?tab=offers`);
    await bidder.page.getByRole('button', { name: 'Made' }).click();
    const made = bidder.page.getByRole('list', { name: 'Offers made' });
    await made.getByText('Accepted').waitFor();
    await look(bidder.page, 'offers-made-1280-light');
    await made.getByRole('link', { name: 'Pay · 2.50 TON' }).click();
    await bidder.page.getByTestId('payment-step').waitFor();
    await look(bidder.page, 'offers-paying-1280-light');
    await bidder.page.getByRole('button', { name: 'Pay (demo) · 2.50 TON' }).click();
    await toast(bidder.page, MESSAGES.purchaseSuccess).waitFor();

    // The edition is the bidder's now: its page, the API and both collections say so.
    await bidder.page.goto(`${server.url}/#/edition?id=${editionId}`);
    await bidder.page.getByText(/^Owned by @demo_collector/).waitFor();
    const edition = await callApi<EditionDetail>(bidder.page, `/api/editions/${editionId}`);
    expect(edition.owner.id).toBe(DEMO_USERS.collector.id);
    await bidder.page.goto(`${server.url}/#/collection`);
    await bidder.page.getByRole('button', { name: `Sell edition #${owned!.serial}` }).waitFor();
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
