import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API_ERRORS, ORDER_RESERVATION_MS, Order } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser, type TestUser } from '../../users.js';
import { authHeaders, buy, createPack, demoPay, orderRow } from './fixtures.js';

describeEachDatabase('GET /api/orders/:id', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  const getOrder = async (user: TestUser | null, id: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${id}`,
      headers: user ? await authHeaders(t, user) : {},
    });
    return { statusCode: res.statusCode, body: res.json() as { order: Order; error?: string } };
  };

  it("returns the caller's order as bought", async () => {
    const pack = await createPack(t);
    const buyer = await createUser(t);
    const bought = await buy(t, buyer, pack.id);
    const res = await getOrder(buyer, bought.order.id);
    expect(res.statusCode).toBe(200);
    expect(Order.parse(res.body.order)).toEqual(bought.order);
  });

  it('shows the paid order with its edition serial', async () => {
    const pack = await createPack(t);
    const buyer = await createUser(t);
    const { order } = await buy(t, buyer, pack.id);
    await demoPay(t, buyer, order.id);
    const res = await getOrder(buyer, order.id);
    expect(res.body.order).toMatchObject({ status: 'paid', edition: 1, paidAt: t.clock.now.toISOString() });
  });

  it("hides someone else's order, an unknown id and a malformed id behind the same 404", async () => {
    const pack = await createPack(t);
    const buyer = await createUser(t);
    const stranger = await createUser(t);
    const { order } = await buy(t, buyer, pack.id);
    for (const [user, id] of [
      [stranger, order.id],
      [buyer, randomUUID()],
      [buyer, 'not-a-uuid'],
      [buyer, '1'],
    ] as const) {
      const res = await getOrder(user, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.body.error, id).toBe(API_ERRORS.orderNotFound);
    }
  });

  it('requires sign-in', async () => {
    const res = await getOrder(null, randomUUID());
    expect(res.statusCode).toBe(401);
  });

  it('reads a lapsed reservation as expired before the sweeper marks it', async () => {
    const pack = await createPack(t);
    const buyer = await createUser(t);
    const { order } = await buy(t, buyer, pack.id);
    t.clock.advance(ORDER_RESERVATION_MS - 1);
    expect((await getOrder(buyer, order.id)).body.order.status).toBe('reserved');
    t.clock.advance(1);
    expect((await getOrder(buyer, order.id)).body.order.status).toBe('expired');
    expect((await orderRow(t, order.id)).status).toBe('reserved');
  });
});
