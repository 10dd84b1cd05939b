import { afterEach, beforeEach, expect, it } from 'vitest';
import { API_ERRORS, ORDER_RESERVATION_MS, type Order } from '@stickerdrop/shared';
import { createRefundWorker, tables } from '@stickerdrop/core/testing';
import { FakeStripe, startFakeStripe } from '../../../fakes/stripe.js';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../../helpers.js';
import { createUser, type TestUser } from '../../../users.js';
import { authHeaders, buy, createPack, editionsOf, orderRow } from '../../orders/fixtures.js';
import {
  getOrder,
  ledger,
  railsConfig,
  recordingLog,
  refundJobs,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
} from '../fixtures.js';

const PRICE = 1_500_000_000n; // 1.5 TON at $5 = $7.50

describeEachDatabase('Stripe rail: Checkout, fulfilled only by the signed webhook', (kind) => {
  let t: TestApp;
  let stripe: FakeStripe;

  beforeEach(async () => {
    stripe = await startFakeStripe(STRIPE_SECRET_KEY);
    t = await buildTestApp({ kind, config: railsConfig({ stripeApiBase: stripe.apiBase }) });
  });
  afterEach(async () => {
    await t.close();
    await stripe.close();
  });

  const nowS = () => Math.floor(t.clock.now.getTime() / 1000);
  const auth = async (user: TestUser) => (await authHeaders(t, user)).authorization;

  async function cardOrder(buyer: TestUser, packId: number): Promise<Order> {
    const bought = await buy(t, buyer, packId, 'stripe');
    expect(bought.statusCode, bought.error).toBe(201);
    return bought.order;
  }

  function sessionOf(order: Order) {
    if (order.payment.kind !== 'stripe') throw new Error('not a card order');
    const id = order.payment.checkoutUrl.split('/').pop()!;
    return stripe.sessions.get(id)!;
  }

  function deliver(payload: string, signature = FakeStripe.sign(payload, STRIPE_WEBHOOK_SECRET, nowS())) {
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  it('Buy Now creates a Checkout Session in cents at TON_USD_RATE; the signed completed event buys the edition', async () => {
    const pack = await createPack(t, { priceNano: PRICE, title: 'Space Cats' });
    const buyer = await createUser(t);
    const order = await cardOrder(buyer, pack.id);
    const session = sessionOf(order);
    expect(order.payment).toEqual({ kind: 'stripe', checkoutUrl: session.url, amountCents: 750 });

    const create = stripe.requests.find((request) => request.path === '/v1/checkout/sessions')!;
    expect(create.authorization).toBe(`Bearer ${STRIPE_SECRET_KEY}`);
    expect(create.idempotencyKey).toBe(`checkout:${order.id}`);
    expect(create.params).toMatchObject({
      mode: 'payment',
      client_reference_id: order.id,
      metadata: { orderId: order.id },
      line_items: [
        { quantity: '1', price_data: { currency: 'usd', unit_amount: '750', product_data: { name: 'Space Cats' } } },
      ],
    });
    expect(Number(create.params.expires_at) - nowS()).toBeGreaterThanOrEqual(30 * 60);
    expect(String(create.params.success_url)).toBe(
      `https://stickerdrop.test/#/sticker?id=${pack.id}&order=${order.id}`,
    );

    // Paying alone changes nothing: only the webhook fulfils.
    stripe.pay(session.id);
    expect((await getOrder(t, order.id, await auth(buyer))).status).toBe('reserved');

    const res = await deliver(stripe.event('checkout.session.completed', session));
    expect(res.statusCode).toBe(200);
    const paid = await getOrder(t, order.id, await auth(buyer));
    expect([paid.status, paid.edition, paid.paymentMethod]).toEqual(['paid', 1, 'stripe']);
    expect(await ledger(t)).toMatchObject([
      { method: 'stripe', ref: session.id, orderId: order.id, amount: 750n, currency: 'usd', outcome: 'fulfilled' },
    ]);
  });

  it('a completed session that is not paid yet waits; async_payment_succeeded then fulfils, once', async () => {
    const pack = await createPack(t, { priceNano: PRICE });
    const buyer = await createUser(t);
    const order = await cardOrder(buyer, pack.id);
    const session = stripe.pay(sessionOf(order).id, { async: true });
    expect((await deliver(stripe.event('checkout.session.completed', session))).statusCode).toBe(200);
    expect((await orderRow(t, order.id)).status).toBe('reserved');
    expect(await ledger(t)).toEqual([]);

    stripe.settleAsync(session.id);
    expect((await deliver(stripe.event('checkout.session.async_payment_succeeded', session))).statusCode).toBe(200);
    // A completed event arriving late for the same, now paid, session is the same payment.
    expect((await deliver(stripe.event('checkout.session.completed', session))).statusCode).toBe(200);
    expect((await orderRow(t, order.id)).status).toBe('paid');
    expect(await editionsOf(t, pack.id)).toHaveLength(1);
    expect(await ledger(t)).toHaveLength(1);
  });

  it('the same event delivered five times at once buys one edition', async () => {
    const pack = await createPack(t, { priceNano: PRICE });
    const buyer = await createUser(t);
    const order = await cardOrder(buyer, pack.id);
    const payload = stripe.event('checkout.session.completed', stripe.pay(sessionOf(order).id));
    const responses = await Promise.all(Array.from({ length: 5 }, () => deliver(payload)));
    expect(responses.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await editionsOf(t, pack.id)).toHaveLength(1);
    expect(await ledger(t)).toHaveLength(1);
    expect(await t.db.select().from(tables.outbox)).toHaveLength(2); // one receipt, one sale notice
  });

  it('a forged, stale, missing or tampered signature gets 400 and changes nothing', async () => {
    const pack = await createPack(t, { priceNano: PRICE });
    const order = await cardOrder(await createUser(t), pack.id);
    const session = stripe.pay(sessionOf(order).id);
    const payload = stripe.event('checkout.session.completed', session);

    const forged = await deliver(payload, FakeStripe.sign(payload, 'whsec_someone_else', nowS()));
    const stale = await deliver(payload, FakeStripe.sign(payload, STRIPE_WEBHOOK_SECRET, nowS() - 301));
    const tampered = await deliver(
      payload.replace(`"amount_total":750`, `"amount_total":75000`),
      FakeStripe.sign(payload, STRIPE_WEBHOOK_SECRET, nowS()),
    );
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    for (const res of [forged, stale, tampered, missing]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: API_ERRORS.invalidStripeSignature });
    }
    expect((await orderRow(t, order.id)).status).toBe('reserved');
    expect(await ledger(t)).toEqual([]);
    // Within the tolerance the same event is accepted.
    expect((await deliver(payload, FakeStripe.sign(payload, STRIPE_WEBHOOK_SECRET, nowS() - 299))).statusCode).toBe(
      200,
    );
    expect((await orderRow(t, order.id)).status).toBe('paid');
  });

  it('events that are not payments are acknowledged and change nothing', async () => {
    const pack = await createPack(t, { priceNano: PRICE });
    const order = await cardOrder(await createUser(t), pack.id);
    const session = sessionOf(order);
    for (const type of ['checkout.session.expired', 'checkout.session.async_payment_failed', 'customer.created']) {
      expect((await deliver(stripe.event(type, session))).statusCode).toBe(200);
    }
    expect((await orderRow(t, order.id)).status).toBe('reserved');
    expect(await ledger(t)).toEqual([]);
  });

  it('a price below the card minimum is refused and the edition is released at once', async () => {
    const pack = await createPack(t, { priceNano: 50_000_000n, maxSupply: 1 }); // 0.05 TON = 25 cents
    const res = await buy(t, await createUser(t), pack.id, 'stripe');
    expect([res.statusCode, res.error]).toEqual([400, API_ERRORS.cardAmountTooSmall]);
    expect(stripe.requests).toHaveLength(0);
    const orders = await t.db.select().from(tables.orders);
    expect(orders.map((order) => order.status)).toEqual(['expired']);
  });

  it('Stripe being down fails the purchase with a 503 saying so and releases the edition', async () => {
    const pack = await createPack(t, { priceNano: PRICE, maxSupply: 1 });
    stripe.fail(500, 3);
    const res = await buy(t, await createUser(t), pack.id, 'stripe');
    expect(res).toMatchObject({ statusCode: 503, error: API_ERRORS.paymentProviderUnavailable });
    const later = await buy(t, await createUser(t), pack.id, 'stripe');
    expect(later.statusCode).toBe(201);
  });

  it('paid after expiry with the pack sold out: refund_required, then refunded through Stripe exactly once', async () => {
    const pack = await createPack(t, { priceNano: PRICE, maxSupply: 1 });
    const late = await createUser(t);
    const lateOrder = await cardOrder(late, pack.id);
    t.clock.advance(ORDER_RESERVATION_MS + 1000);
    const winner = await createUser(t);
    const winnerOrder = await cardOrder(winner, pack.id);
    await deliver(stripe.event('checkout.session.completed', stripe.pay(sessionOf(winnerOrder).id)));
    const lateSession = stripe.pay(sessionOf(lateOrder).id);
    await deliver(stripe.event('checkout.session.completed', lateSession));

    expect((await getOrder(t, lateOrder.id, await auth(late))).status).toBe('refund_required');
    expect((await ledger(t)).find((row) => row.ref === lateSession.id)).toMatchObject({
      outcome: 'refund_required',
      reason: 'sold_out',
      refundStatus: 'pending',
    });
    expect(await refundJobs(t, lateOrder.id)).toHaveLength(1);

    const worker = createRefundWorker({
      db: t.db,
      stripe: t.app.deps.payments.stripe,
      telegram: undefined,
      now: () => t.clock.now,
      log: recordingLog(),
    });
    expect(await worker.drainOnce()).toBe(1);
    expect(await worker.drainOnce()).toBe(0);
    expect(stripe.refunds).toMatchObject([
      { payment_intent: lateSession.payment_intent, amount: 750, idempotencyKey: `refund:${lateSession.id}` },
    ]);
    expect((await ledger(t)).find((row) => row.ref === lateSession.id)).toMatchObject({ refundStatus: 'refunded' });
    expect((await refundJobs(t, lateOrder.id))[0]!.status).toBe('sent');
    expect(await editionsOf(t, pack.id)).toHaveLength(1);
  });
});
