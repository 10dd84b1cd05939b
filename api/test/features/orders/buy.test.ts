import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API_ERRORS, MESSAGES, ORDER_RESERVATION_MS, Order } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { buy, createPack, demoPay, orderRow } from './fixtures.js';
import { tables } from '@stickerdrop/core/testing';

describeEachDatabase('POST /api/marketplace/buy', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  it('refuses a signed-out visitor with the SPEC text', async () => {
    const pack = await createPack(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/marketplace/buy',
      payload: { stickerId: pack.id, paymentMethod: 'ton' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.buyRequiresLogin });
  });

  it('answers a bad token with the token error so the client refreshes', async () => {
    const pack = await createPack(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/marketplace/buy',
      headers: { authorization: 'Bearer forged' },
      payload: { stickerId: pack.id, paymentMethod: 'ton' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: API_ERRORS.invalidToken });
  });

  it('reserves one edition at the current price for 15 minutes', async () => {
    const pack = await createPack(t, { priceNano: 2_250_000_000n });
    const buyer = await createUser(t);
    const res = await buy(t, buyer, pack.id, 'ton');

    expect(res.statusCode).toBe(201);
    expect(Order.parse(res.order)).toEqual(res.order);
    expect(res.order).toMatchObject({
      stickerId: pack.id,
      status: 'reserved',
      paymentMethod: 'ton',
      amount: '2.25',
      paidAt: null,
      edition: null,
      payment: { kind: 'demo' },
    });
    expect(new Date(res.order.expiresAt).getTime()).toBe(t.clock.now.getTime() + ORDER_RESERVATION_MS);
    expect(ORDER_RESERVATION_MS).toBe(15 * 60 * 1000);

    const row = await orderRow(t, res.order.id);
    expect(row).toMatchObject({ userId: buyer.id, packId: pack.id, status: 'reserved', amountNano: 2_250_000_000n });
  });

  it('keeps the price the buyer was quoted when the pack price changes later', async () => {
    const pack = await createPack(t, { priceNano: 1_000_000_000n });
    const buyer = await createUser(t);
    const first = await buy(t, buyer, pack.id);
    await t.db.update(tables.packs).set({ priceNano: 9_000_000_000n }).where(eq(tables.packs.id, pack.id));

    const again = await buy(t, buyer, pack.id);
    expect(again.order.amount).toBe('1.00');
    const paid = await demoPay(t, buyer, first.order.id);
    expect(paid.order.amount).toBe('1.00');
    const [edition] = await t.db.select().from(tables.editions).where(eq(tables.editions.orderId, first.order.id));
    expect(edition!.purchasePriceNano).toBe(1_000_000_000n);
  });

  it('gives the same buyer the same live order instead of reserving a second edition', async () => {
    const pack = await createPack(t);
    const buyer = await createUser(t);
    const first = await buy(t, buyer, pack.id, 'ton');
    t.clock.advance(60_000);
    const second = await buy(t, buyer, pack.id, 'stripe');

    expect(second.statusCode).toBe(200);
    expect(second.order).toEqual(first.order);
    const rows = await t.db.select().from(tables.orders).where(eq(tables.orders.packId, pack.id));
    expect(rows).toHaveLength(1);
  });

  it('answers an unknown pack with 404', async () => {
    const buyer = await createUser(t);
    const res = await buy(t, buyer, 999_999);
    expect(res.statusCode).toBe(404);
    expect(res.error).toBe(MESSAGES.packNotFound);
  });

  it('answers a malformed body with 400 and reserves nothing', async () => {
    const pack = await createPack(t);
    const buyer = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/marketplace/buy',
      headers: buyer.headers,
      payload: { stickerId: 'abc', paymentMethod: 'ton' },
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
    const unknownMethod = await buy(t, buyer, pack.id, 'paypal');
    expect(unknownMethod.statusCode).toBe(400);
    expect(await t.db.select().from(tables.orders)).toHaveLength(0);
  });

  it('refuses a buyer who already owns an edition', async () => {
    const pack = await createPack(t);
    const buyer = await createUser(t);
    const { order } = await buy(t, buyer, pack.id);
    expect((await demoPay(t, buyer, order.id)).order.status).toBe('paid');

    const again = await buy(t, buyer, pack.id);
    expect(again.statusCode).toBe(409);
    expect(again.error).toBe(API_ERRORS.alreadyOwned);
  });

  it('refuses a sold-out pack', async () => {
    const pack = await createPack(t, { maxSupply: 3, soldCount: 3 });
    const buyer = await createUser(t);
    const res = await buy(t, buyer, pack.id);
    expect(res.statusCode).toBe(409);
    expect(res.error).toBe(API_ERRORS.soldOut);
    expect(await t.db.select().from(tables.orders)).toHaveLength(0);
  });

  it('holds supply while a reservation is live and frees it when it lapses', async () => {
    const pack = await createPack(t, { maxSupply: 1 });
    const a = await createUser(t);
    const b = await createUser(t);
    expect((await buy(t, a, pack.id)).statusCode).toBe(201);

    const refused = await buy(t, b, pack.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.error).toBe(API_ERRORS.soldOut);

    t.clock.advance(ORDER_RESERVATION_MS - 1);
    expect((await buy(t, b, pack.id)).statusCode).toBe(409);

    t.clock.advance(1);
    const later = await buy(t, b, pack.id);
    expect(later.statusCode).toBe(201);
    expect(later.order.status).toBe('reserved');
  });

  it('gives a buyer whose reservation lapsed a fresh order', async () => {
    const pack = await createPack(t);
    const buyer = await createUser(t);
    const first = await buy(t, buyer, pack.id);
    t.clock.advance(ORDER_RESERVATION_MS);
    const second = await buy(t, buyer, pack.id);
    expect(second.statusCode).toBe(201);
    expect(second.order.id).not.toBe(first.order.id);
  });
});

describeEachDatabase('POST /api/marketplace/buy payment methods', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('refuses a method the operator does not offer', async () => {
    t = await buildTestApp({ kind, config: { paymentMethods: ['ton'] } });
    const pack = await createPack(t);
    const buyer = await createUser(t);
    const stripe = await buy(t, buyer, pack.id, 'stripe');
    expect(stripe.statusCode).toBe(400);
    expect(stripe.error).toBe(API_ERRORS.paymentMethodUnavailable);
    expect(await t.db.select().from(tables.orders)).toHaveLength(0);

    // Demo mode adds the demo rail to what is offered, and records the buyer's choice.
    expect((await buy(t, buyer, pack.id, 'demo')).order.paymentMethod).toBe('demo');
  });

  it('with demo off, refuses methods whose rail is not configured and the demo method itself', async () => {
    // No TON receiver, no Stripe keys, and no bot token (the Stars rail needs the bot).
    t = await buildTestApp({ kind, config: { demo: false, botToken: undefined } });
    const pack = await createPack(t);
    const buyer = await createUser(t);
    for (const method of ['ton', 'stripe', 'stars', 'demo']) {
      const res = await buy(t, buyer, pack.id, method);
      expect(res.statusCode, method).toBe(400);
      expect(res.error, method).toBe(API_ERRORS.paymentMethodUnavailable);
    }
    expect(await t.db.select().from(tables.orders)).toHaveLength(0);
  });
});
