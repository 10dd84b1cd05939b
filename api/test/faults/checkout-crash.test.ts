import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startFakeBotApi, type FakeBotApi } from '../fakes/bot-api.js';
import { FakeStripe, startFakeStripe } from '../fakes/stripe.js';
import { buy, createPack, editionsOf, orderRow } from '../features/orders/fixtures.js';
import { railsConfig, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from '../features/payments/fixtures.js';
import { buildTestApp, describePostgres, TEST_DATABASE_URL, type TestApp } from '../helpers.js';
import { createUser, type TestUser } from '../users.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const PRICE = 1_500_000_000n;

/**
 * The API process is killed with SIGKILL after it committed a reservation and while the rail's remote
 * call (Stripe Checkout, a Stars invoice link) is in flight. The buyer's retry, answered by another
 * process on the same database, must come back with a working way to pay, never `{ kind: 'demo' }`.
 */
describePostgres('a crash between the reservation and the checkout', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let telegram: FakeBotApi;
  let child: ChildProcess | undefined;

  beforeEach(async () => {
    stripe = await startFakeStripe(STRIPE_SECRET_KEY);
    telegram = await startFakeBotApi();
    t = await buildTestApp({
      kind: 'postgres',
      config: railsConfig({ stripeApiBase: stripe.apiBase, telegramApiRoot: telegram.apiRoot }),
    });
  });
  afterEach(async () => {
    child?.kill('SIGKILL');
    child = undefined;
    await t.close();
    await stripe.close();
    await telegram.close();
  });

  /** The same API, as a separate process on this test's database and fakes. */
  async function startApiProcess(): Promise<{ url: string; process: ChildProcess }> {
    const [row] = (
      (await t.db.execute(sql`SELECT current_database() AS name`)) as unknown as { rows: [{ name: string }] }
    ).rows;
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${row.name}`;
    const proc = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'api-process.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DEMO: '0',
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_URL: url.toString(),
        JWT_SECRET: t.config.jwtSecret,
        PUBLIC_URL: t.config.publicUrl,
        PAYMENT_METHODS: 'stripe,stars',
        TON_USD_RATE: t.config.ton.usdRate,
        STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.apiBase,
        BOT_TOKEN: t.config.botToken,
        TELEGRAM_API_ROOT: telegram.apiRoot,
      },
      stdio: 'pipe',
    });
    child = proc;
    let output = '';
    const listening = await new Promise<string>((resolve, reject) => {
      proc.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening (\S+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      proc.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      proc.once('exit', (code) => reject(new Error(`API process exited (${code}): ${output}`)));
    });
    return { url: listening, process: proc };
  }

  /** Starts a buy on the child and kills it once `inFlight` says the remote call has gone out. */
  async function buyAndCrash(buyer: TestUser, packId: number, method: string, inFlight: () => boolean) {
    const api = await startApiProcess();
    const request = fetch(`${api.url}/api/marketplace/buy`, {
      method: 'POST',
      headers: { ...buyer.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ stickerId: packId, paymentMethod: method }),
    }).catch((error: unknown) => error);
    const deadline = Date.now() + 20_000;
    while (!inFlight()) {
      if (Date.now() > deadline) throw new Error('the rail was never called');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    api.process.kill('SIGKILL');
    await new Promise((resolve) => api.process.once('exit', resolve));
    expect(await request).toBeInstanceOf(Error); // the buyer saw the connection drop
  }

  /** What the crash left: a live reservation with the placeholder instead of payment details. */
  async function crashedOrder(buyer: TestUser) {
    const orders = await t.db.execute(sql`SELECT id FROM orders WHERE user_id = ${buyer.id}`);
    const [{ id }] = (orders as unknown as { rows: [{ id: string }] }).rows;
    const order = await orderRow(t, id);
    expect(order.status).toBe('reserved');
    expect(order.payment).toEqual({ kind: 'demo' });
    return order;
  }

  for (const when of ['before', 'after'] as const) {
    it(`card: the retry opens the checkout (Stripe held the create ${when} making the session)`, async () => {
      const pack = await createPack(t, { priceNano: PRICE, title: 'Space Cats' });
      const buyer = await createUser(t);
      const release = stripe.holdCheckouts(when);
      const creates = () => stripe.requests.filter((r) => r.path === '/v1/checkout/sessions');
      await buyAndCrash(buyer, pack.id, 'stripe', () => creates().length === 1);
      await release();
      const reserved = await crashedOrder(buyer);
      expect(stripe.sessions.size).toBe(when === 'after' ? 1 : 0);

      const retry = await buy(t, buyer, pack.id, 'stripe');
      expect(retry.statusCode, retry.error).toBe(200);
      expect(retry.order.id).toBe(reserved.id);
      expect(retry.order.status).toBe('reserved');
      const payment = retry.order.payment;
      if (payment.kind !== 'stripe') throw new Error(`retry answered ${JSON.stringify(payment)}`);
      // One session for the order, whoever created it, and every create under the order's key.
      expect(stripe.sessions.size).toBe(1);
      const [session] = [...stripe.sessions.values()];
      expect(payment.checkoutUrl).toBe(session!.url);
      expect(creates().map((r) => r.idempotencyKey)).toEqual([`checkout:${reserved.id}`, `checkout:${reserved.id}`]);
      expect((await orderRow(t, reserved.id)).payment).toEqual(payment);
      // A further retry changes nothing.
      expect((await buy(t, buyer, pack.id, 'stripe')).order.payment).toEqual(payment);

      // The checkout works: paying it and Stripe's signed event buy the edition.
      const page = await fetch(payment.checkoutUrl);
      expect(page.status).toBe(200);
      await payAndNotify(session!.id);
      expect((await orderRow(t, reserved.id)).status).toBe('paid');
      expect(await editionsOf(t, pack.id)).toMatchObject([{ orderId: reserved.id, serial: 1 }]);
    });
  }

  it('Stars: the retry creates the invoice link the crash never saved', async () => {
    const pack = await createPack(t, { priceNano: PRICE, title: 'Space Cats' });
    const buyer = await createUser(t);
    telegram.delay('createInvoiceLink', 60_000);
    await buyAndCrash(buyer, pack.id, 'stars', () => telegram.callsTo('createInvoiceLink').length === 1);
    telegram.delay('createInvoiceLink', 0);
    const reserved = await crashedOrder(buyer);

    const retry = await buy(t, buyer, pack.id, 'stars');
    expect(retry.statusCode, retry.error).toBe(200);
    expect(retry.order.id).toBe(reserved.id);
    expect(retry.order.payment).toMatchObject({ kind: 'stars', invoiceLink: expect.stringMatching(/^https:\/\//) });
    const [, second] = telegram.callsTo('createInvoiceLink');
    expect(second!.params.payload).toBe(reserved.id);
  });

  async function payAndNotify(sessionId: string): Promise<void> {
    const session = stripe.pay(sessionId);
    const payload = stripe.event('checkout.session.completed', session);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': FakeStripe.sign(payload, STRIPE_WEBHOOK_SECRET, Math.floor(Date.now() / 1000)),
      },
      payload,
    });
    expect(res.statusCode).toBe(200);
  }
});
