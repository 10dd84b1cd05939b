import net from 'node:net';
import type { Bot } from 'grammy';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Order } from '@stickerdrop/shared';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import { createBot, type BotContext } from '@stickerdrop/bot';
import { memoryStorage, silentLogger } from '@stickerdrop/core';
import { startFakeBotApi, type FakeBotApi } from '../api/test/fakes/bot-api.js';
import { startFakeStripe, type FakeStripe } from '../api/test/fakes/stripe.js';
import { startFakeToncenter, type FakeToncenter } from '../api/test/fakes/toncenter.js';
import { RECEIVER, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from '../api/test/features/payments/fixtures.js';
import { preCheckoutUpdate, successfulPaymentUpdate, telegramUser } from '../bot/test/support/updates.js';
import { startTestServer, type TestServer } from './support/app-server';
import { DESKTOP, PHONE, describeBrowser, launchChromium, newPage, screenshot, toast } from './support/browser';
import { lastMainButton, openInTelegram, pressNative, telegramEvents } from './support/telegram-mock';
import { installTonWallet, sameAddress } from './support/ton-wallet';

/** The watcher reads the chain every 5 seconds; a payment is confirmed within a few polls. */
const CONFIRMED_WITHIN_MS = 30_000;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function openPack(page: Page, baseUrl: string, search: string): Promise<void> {
  await page.goto(`${baseUrl}/#/marketplace?q=${encodeURIComponent(search)}`);
  // The card of the searched pack by its title, and the page it links to before its Buy button: under a
  // full suite's load, a failure here should say whether the click or the pack page was missing.
  await page
    .getByTestId('pack-card')
    .filter({ hasText: new RegExp(search, 'i') })
    .first()
    .click();
  await page.waitForURL(/#\/sticker\?id=\d+/);
  await page.getByLabel('Buy this pack').waitFor();
}

async function currentOrder(page: Page, baseUrl: string, orderId: string): Promise<Order> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await fetch(`${baseUrl}/api/orders/${orderId}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { order: Order }).order;
}

async function expectOwned(page: Page): Promise<void> {
  await toast(page, SPEC_TEXTS.purchaseSuccess).waitFor({ timeout: CONFIRMED_WITHIN_MS });
  await page.getByRole('button', { name: 'Download' }).waitFor();
  await page.getByText(/You own this pack \(edition #\d+ of \d+\)/).waitFor();
  expect(await page.getByLabel('Buy this pack').count()).toBe(0);
}

describeBrowser('Buy Now to an owned edition on each real rail (remote sides played by local servers)', () => {
  let chain: FakeToncenter;
  let stripe: FakeStripe;
  let telegram: FakeBotApi;
  let server: TestServer;
  let browser: Browser;
  let bot: Bot<BotContext>;

  beforeAll(async () => {
    chain = await startFakeToncenter(RECEIVER);
    stripe = await startFakeStripe(STRIPE_SECRET_KEY);
    telegram = await startFakeBotApi();
    const port = await freePort();
    server = await startTestServer({
      port,
      publicUrl: `http://127.0.0.1:${port}`,
      paymentMethods: ['ton', 'stripe', 'stars'],
      ton: { receiver: RECEIVER, indexerUrl: chain.baseUrl, network: 'mainnet', usdRate: '5' },
      stripe: { secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, apiBase: stripe.apiBase },
      telegramApiRoot: telegram.apiRoot,
    });
    // Stripe delivers the hosted checkout's events to our webhook, signed with the endpoint's secret.
    stripe.webhook = { url: `${server.url}/api/payments/stripe/webhook`, secret: STRIPE_WEBHOOK_SECRET };
    bot = createBot(server.config.botToken!, {
      db: server.db,
      storage: memoryStorage(),
      publicUrl: server.url,
      log: silentLogger,
      apiRoot: telegram.apiRoot,
      conversationStorage: 'memory',
    });
    await bot.init();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await Promise.all([chain?.close(), stripe?.close(), telegram?.close()]);
  });

  it('TON: TON Connect asks the wallet for the exact transfer; the watcher sees it on chain and the pack is owned', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    const logs: string[] = [];
    page.on('console', (message) => logs.push(`${message.type()}: ${message.text()}`));
    page.on('request', (request) => logs.push(`request: ${request.url()}`));
    const wallet = await installTonWallet(page, {
      onTransfer: (transfer) => void chain.transfer({ ...transfer, comment: transfer.comment }),
    });
    await page.goto(`${server.url}/#/login`);
    await page.getByRole('button', { name: 'Continue as demo collector' }).click();
    await toast(page, 'Successfully logged in!').waitFor();

    await openPack(page, server.url, 'ramen');
    const scriptsBeforeBuying = new Set(logs.filter((line) => line.endsWith('.js')));
    await page.locator('label', { hasText: 'TON' }).click();
    await page.getByRole('button', { name: /^Buy Now · / }).click();
    await page.getByTestId('payment-step').waitFor();
    await expect
      .poll(() => wallet.sent.length, { timeout: 15_000 })
      .toBe(1)
      .catch((error: Error) => {
        throw new Error(
          `${error.message}\n${errors.join('\n')}\n${logs.filter((l) => !l.includes('/assets/')).join('\n')}`,
        );
      });
    // The page says it waits for the chain while the watcher has yet to see the transfer: checked now, before
    // the slow look through the scripts below, after which the payment may already be confirmed.
    await page.getByText('Waiting for the payment to be confirmed').waitFor();
    const orderId = wallet.sent[0]!.comment!;
    const order = await currentOrder(page, server.url, orderId);
    expect(order.payment).toMatchObject({ kind: 'ton', amountNano: wallet.sent[0]!.amount, comment: orderId });
    expect(sameAddress(wallet.sent[0]!.address, RECEIVER)).toBe(true);

    // TON Connect came with the payment, not before: Home and the pack page never load it.
    const tonConnectChunks: string[] = [];
    for (const line of new Set(logs.filter((l) => l.endsWith('.js')))) {
      const source = await (await fetch(line.replace('request: ', ''))).text();
      if (source.includes('TON_CONNECT_SDK')) tonConnectChunks.push(line);
    }
    expect(tonConnectChunks.length).toBeGreaterThan(0);
    expect(tonConnectChunks.filter((line) => scriptsBeforeBuying.has(line))).toEqual([]);

    await expectOwned(page);
    expect((await currentOrder(page, server.url, orderId)).status).toBe('paid');
    await screenshot(page, 'payments-ton-owned-1280');

    // Profile: Link wallet signs our payload with the wallet's real key; the API checks it and keeps the address.
    await page.goto(`${server.url}/#/profile`);
    await page.getByRole('button', { name: 'Link wallet' }).click();
    await toast(page, 'Wallet linked successfully').waitFor({ timeout: 15_000 });
    // Shown shortened, the whole address in its title (and on the clipboard).
    const linked = wallet.address.toString({ bounceable: false });
    await page
      .getByTitle(linked)
      .getByText(`${linked.slice(0, 6)}\u2026${linked.slice(-4)}`)
      .waitFor();
    await context.close();
  });

  it('Card: the Checkout Session opens, the buyer pays there, the signed webhook fulfils, the pack is owned', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(`${server.url}/#/login`);
    await page.getByRole('button', { name: 'Continue as demo collector' }).click();
    await toast(page, 'Successfully logged in!').waitFor();

    await openPack(page, server.url, 'mochi');
    await page.locator('label', { hasText: 'Card (Stripe)' }).click();
    const checkoutOpened = context.waitForEvent('page');
    await page.getByRole('button', { name: /^Buy Now · / }).click();
    const checkout = await checkoutOpened;
    await checkout.waitForLoadState();
    expect(checkout.url()).toContain(`${stripe.apiBase}/c/pay/cs_test_`);
    const session = [...stripe.sessions.values()].at(-1)!;
    expect(session.currency).toBe('usd');
    await checkout.getByRole('button', { name: /^Pay \$/ }).click();

    await expectOwned(page);
    expect((await currentOrder(page, server.url, session.metadata.orderId!)).paymentMethod).toBe('stripe');
    await context.close();
  });

  it('Stars inside Telegram: the invoice opens natively, the bot answers and settles, the pack is owned', async () => {
    const buyer = telegramUser(777_000_042, 'Sol', 'sol');
    const { context, page } = await newPage(browser, PHONE);
    await openInTelegram(page, server.url, {
      botToken: server.config.botToken!,
      user: { id: buyer.id, first_name: buyer.first_name, username: buyer.username },
    });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    await openPack(page, server.url, 'ramen');
    await page.locator('label', { hasText: 'Telegram Stars' }).click();
    // Before paying: the Main Button in Stars, and the resale lock a Stars payment brings.
    const shownText = async () => lastMainButton(await telegramEvents(page))?.text as string | undefined;
    await expect.poll(shownText).toMatch(/^Buy Now · \u2B50 \d+$/);
    const shownStars = Number((await shownText())!.split(' ').at(-1));
    await page
      .getByTestId('stars-lock-note')
      .getByText(
        'Paid in Stars, this edition can be resold 21 days after you buy it: a Stars payment can be refunded until then.',
      )
      .waitFor();
    await pressNative(page, 'main_button_pressed');

    // Telegram's side: the client opened the invoice the API made through the bot.
    const opened = async () =>
      (await telegramEvents(page)).find((event) => event.type === 'web_app_open_invoice')?.data?.slug as
        string | undefined;
    await expect.poll(opened, { timeout: 15_000 }).toBeTruthy();
    const slug = (await opened())!;
    const orderId = Buffer.from(slug, 'base64url').toString('utf8');
    const order = await currentOrder(page, server.url, orderId);
    expect(order.payment.kind).toBe('stars');
    const stars = order.payment.kind === 'stars' ? order.payment.stars : 0;
    expect(telegram.acceptedCallsTo('createInvoiceLink')[0]?.params).toMatchObject({
      currency: 'XTR',
      payload: orderId,
      prices: [{ amount: shownStars }],
    });
    // The Stars shown before paying are the invoice's; the pay step says them too, and the lock.
    expect(stars).toBe(shownStars);
    const step = page.getByTestId('payment-step');
    await step.getByText(`Complete the payment of ${stars} Stars in Telegram.`).waitFor();
    await step
      .getByText(
        'Paid in Stars, this edition can be resold 21 days after you buy it: a Stars payment can be refunded until then.',
      )
      .waitFor();

    // While the invoice is open the Main Button keeps its progress.
    const mainButton = (await telegramEvents(page)).filter((event) => event.type === 'web_app_setup_main_button');
    expect(mainButton.at(-1)?.data).toMatchObject({ is_progress_visible: true });

    // The buyer confirms: Telegram asks the bot, then reports the payment, then closes the invoice.
    await bot.handleUpdate(preCheckoutUpdate(buyer, orderId, stars));
    expect(telegram.acceptedCallsTo('answerPreCheckoutQuery').at(-1)?.params).toMatchObject({ ok: true });
    await bot.handleUpdate(successfulPaymentUpdate(buyer, orderId, stars, `charge-e2e-${orderId}`));
    await page.evaluate(
      (closed) =>
        (
          window as unknown as { Telegram: { WebView: { receiveEvent(type: string, data: unknown): void } } }
        ).Telegram.WebView.receiveEvent('invoice_closed', closed),
      { slug, status: 'paid' },
    );

    await expectOwned(page);
    expect((await currentOrder(page, server.url, orderId)).paymentMethod).toBe('stars');
    await context.close();
  });
});
