import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RESALE_ERRORS, STORAGE_KEYS, parseTon, starsFor, type Order, type PackCard } from '@stickerdrop/shared';
import { resaleLedger, tables } from '@stickerdrop/core/testing';
import type { Browser } from 'playwright-core';
import { startFakeBotApi, type FakeBotApi } from '../api/test/fakes/bot-api.js';
import { startTestServer, type TestServer } from './support/app-server';
import { describeBrowser, launchChromium, newPage } from './support/browser';
import { SCREEN_CASES } from './support/screen-cases';
import { lastMainButton, openInTelegram, pressNative, telegramEvents, telegramInitData } from './support/telegram-mock';
import { serverApi, telegramUserApi } from './support/page-api';
import { screenChecker } from './support/theme-screens';
import type { Where } from './support/open-app';

type Person = { id: number; first_name: string; username: string };

/** Signed in as `user`: inside Telegram by its init data, on the web with the same account's tokens. */
async function signIn(page: Page, server: TestServer, where: Where, user: Person): Promise<void> {
  if (where === 'telegram') {
    await openInTelegram(page, server.url, { botToken: server.config.botToken!, user });
  } else {
    const initData = telegramInitData({ user, botToken: server.config.botToken! });
    const signed = await serverApi(server)<{ tokens: { accessToken: string; refreshToken: string } }>(
      '/api/auth/telegram',
      { initData },
    );
    await page.goto(server.url);
    await page.evaluate(
      ({ keys, tokens }) => {
        localStorage.setItem(keys.accessToken, tokens.accessToken);
        localStorage.setItem(keys.refreshToken, tokens.refreshToken);
      },
      { keys: STORAGE_KEYS, tokens: signed.tokens },
    );
    await page.reload();
  }
  await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
}

const go = (page: Page, hash: string) => page.evaluate((to) => (window.location.hash = to), hash);

/**
 * Screens that once told less than the truth, each checked as shown (axe's contrast rule, no emoji,
 * a picture in both schemes) on the web and inside Telegram, at 390 and 1280 px: the buy screen in Stars with
 * its lock said before paying, the payout wallet asked of a new creator, the studio's owed line, accepting
 * an offer (what it gives, one confirmation, a held edition's other offers), equal offers' Best, how a
 * demo-paid edition says it was paid, a video pack's card.
 */
describeBrowser('screens that tell the truth', () => {
  let telegram: FakeBotApi | undefined;
  let running: TestServer | undefined;
  let browser: Browser | undefined;
  let buyableIds: number[] = [];
  beforeAll(async () => {
    // The Bot API the Stars rail makes its invoices with.
    telegram = await startFakeBotApi();
    running = await startTestServer({ telegramApiRoot: telegram.apiRoot });
    browser = await launchChromium();
    const { items } = await serverApi(running)<{ items: PackCard[] }>('/api/stickers?sort=newest');
    buyableIds = items.filter((item) => item.soldCount < item.maxSupply).map((item) => item.id);
  });
  afterAll(async () => {
    await browser?.close();
    await running?.stop();
    await telegram?.close();
  });

  it.each(SCREEN_CASES.map((c, index) => ({ ...c, index })))(
    '$where at $width px, light and dark',
    async ({ where, viewport, index }) => {
      const server = running!;
      const me: Person = { id: 777_000_700 + index, first_name: 'Hana', username: `hana${index}` };
      const { context, page, errors } = await newPage(browser!, viewport, 'light');
      const { failures, emoji, check } = screenChecker(page, where, `honest-${where}-{scheme}-${viewport.width}`);
      await signIn(page, server, where, me);
      const packId = buyableIds[12 + index]!;

      if (where === 'telegram') await starsBuy(page, server, telegram!, packId, check);
      await newCreator(page, server, me, check);
      await offersOnMyEdition(page, server, me, buyableIds[16 + index]!, index, check);
      await videoCard(page, server, check);

      expect(failures).toEqual([]);
      expect(emoji).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

type Check = (screen: string) => Promise<void>;

/** Stars chosen: the Main Button and the price in Stars, the lock said before paying; then the pay step. */
async function starsBuy(page: Page, server: TestServer, telegram: FakeBotApi, packId: number, check: Check) {
  const [pack] = await server.db.select().from(tables.packs).where(eq(tables.packs.id, packId));
  const stars = starsFor(pack!.priceNano, server.config.starsPerTon);
  const star = String.fromCodePoint(0x2b50);
  await go(page, `/sticker?id=${packId}`);
  await page.getByLabel('Buy this pack').waitFor();
  await expect.poll(async () => lastMainButton(await telegramEvents(page))?.text).toBe(`Buy Now · ${star} ${stars}`);
  const box = page.getByLabel('Buy this pack');
  await box
    .getByText(
      'Paid in Stars, this edition can be resold 21 days after you buy it: a Stars payment can be refunded until then.',
    )
    .waitFor();
  expect(await box.getByTestId('stars-amount').textContent()).toBe(`${stars} Stars`);
  await check('stars-pack');
  await pressNative(page, 'main_button_pressed');
  // The invoice Telegram opens charges what was shown; the step behind it says it again, with the lock.
  const step = page.getByTestId('payment-step');
  await step.getByText(`Complete the payment of ${stars} Stars in Telegram.`).waitFor();
  await step
    .getByText(
      'Paid in Stars, this edition can be resold 21 days after you buy it: a Stars payment can be refunded until then.',
    )
    .waitFor();
  expect(telegram.acceptedCallsTo('createInvoiceLink').at(-1)?.params).toMatchObject({ prices: [{ amount: stars }] });
  await check('stars-pay');
  await step.getByRole('button', { name: 'Cancel' }).click();
}

/** Becoming a creator asks for the payout wallet, as the create form does; the studio's owed line links it. */
async function newCreator(page: Page, server: TestServer, me: Person, check: Check) {
  await go(page, '/profile');
  await page.getByRole('button', { name: 'Become a creator' }).click();
  await page.getByRole('region', { name: 'Where should we pay you?' }).waitFor();
  await check('creator-ask');
  await go(page, '/create');
  const ask = page.getByRole('region', { name: 'Where should we pay you?' });
  await ask.waitFor();
  await check('create-ask');
  await ask.getByRole('button', { name: 'Skip for now' }).click();
  const folded = page.getByTestId('payout-ask');
  await folded.getByText('No payout wallet linked yet: what you earn waits as owed.').waitFor();
  await folded.getByRole('button', { name: 'Link payout wallet' }).waitFor();
  await check('create-skipped');

  // A royalty owed to them for want of a wallet (one resale's leg, as the resale settles it).
  const [order] = await server.db
    .select({ id: tables.orders.id })
    .from(tables.orders)
    .where(sql`not exists (select 1 from resale_ledger l where l.order_id = ${tables.orders.id} and l.leg = 'royalty')`)
    .limit(1);
  await server.db.insert(resaleLedger).values({
    orderId: order!.id,
    leg: 'royalty',
    recipientId: me.id,
    amountNano: parseTon('0.20')!,
    status: 'owed',
  });
  await go(page, '/studio');
  const owed = page.getByTestId('studio-owed');
  await owed.getByText('Owed: royalties not paid because no wallet was linked.').waitFor();
  await owed.getByRole('button', { name: 'Link wallet' }).waitFor();
  await check('studio-owed');
}

/**
 * Two equal offers on an edition of mine: the earlier is Best; accepting one says what I receive and asks
 * once; the other then says the edition is being bought.
 */
async function offersOnMyEdition(
  page: Page,
  server: TestServer,
  me: Person,
  packId: number,
  index: number,
  check: Check,
) {
  const mine = await telegramUserApi(server, me);
  const { order } = await mine<{ order: Order }>('/api/marketplace/buy', { stickerId: packId, paymentMethod: 'ton' });
  await mine(`/api/orders/${order.id}/demo-pay`, {});
  const [edition] = await server.db.select().from(tables.editions).where(eq(tables.editions.orderId, order.id));
  await server.db
    .update(tables.users)
    .set({ walletAddress: `0:${'36'.repeat(32)}` })
    .where(eq(tables.users.id, me.id));
  for (const [offset, name] of [
    [0, 'Ana'],
    [1, 'Ben'],
  ] as const) {
    const bidder = {
      id: 777_000_720 + index * 2 + offset,
      first_name: name,
      username: `${name.toLowerCase()}${index}`,
    };
    await (
      await telegramUserApi(server, bidder)
    )('/api/offers', { editionId: edition!.id, price: '2.00' });
  }
  await go(page, `/edition?id=${edition!.id}`);
  // Bought with TON chosen, paid on the demo rail: not "Paid on chain".
  await expect.poll(() => page.getByTestId('edition-payment').textContent()).toBe('Paid in demo mode');
  const open = page.getByRole('list', { name: 'Open offers' }).getByTestId('offer-row');
  await expect.poll(() => open.count()).toBe(2);
  expect(await open.first().innerText()).toContain('by Ana');
  expect(await open.first().getByText('Best').count()).toBe(1);
  expect(await open.nth(1).getByText('Best').count()).toBe(0);

  await go(page, '/collection?tab=offers');
  const received = page.getByRole('list', { name: 'Offers received' }).getByTestId('offer-row');
  await received
    .first()
    .getByText(/^You receive [\d.]+ TON after royalty and fee$/)
    .waitFor();
  await check('offers-received');
  await received
    .filter({ hasText: 'by Ana' })
    .getByRole('button', { name: 'Accept the offer of 2.00 from Ana' })
    .click();
  const sheet = page.getByRole('dialog', { name: 'Accept 2.00 TON from Ana?' });
  await sheet.getByText('Pack floor').waitFor();
  await check('offers-accept-sheet');
  await sheet.getByRole('button', { name: `Accept and sell #${edition!.serial}` }).click();
  const ben = received.filter({ hasText: 'by Ben' });
  await ben.getByText(RESALE_ERRORS.beingBought).waitFor();
  expect(await ben.getByRole('button', { name: 'Accept the offer of 2.00 from Ben' }).isDisabled()).toBe(true);
  await check('offers-held');
}

/** A video pack's card says Video. */
async function videoCard(page: Page, server: TestServer, check: Check) {
  const { items } = await serverApi(server)<{ items: PackCard[] }>('/api/stickers?sort=newest');
  const video = items.find((card) => card.video);
  expect(video).toBeDefined();
  await go(page, `/marketplace?q=${encodeURIComponent(video!.title)}`);
  const card = page.getByTestId('pack-card').filter({ hasText: video!.title }).first();
  expect(await card.getByTestId('card-kind').innerText()).toBe('Video');
  await check('video-card');
}
