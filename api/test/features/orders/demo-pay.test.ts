import { eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { API_ERRORS, ORDER_RESERVATION_MS } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import {
  authHeaders,
  buy,
  createPack,
  demoPay,
  editionsOf,
  insertOrder,
  orderRow,
  outboxRows,
  packRow,
} from './fixtures.js';
import { tables } from '@stickerdrop/core/testing';

describeEachDatabase('POST /api/orders/:id/demo-pay', (kind) => {
  let t: TestApp | undefined;
  const app = async (config: Parameters<typeof buildTestApp>[0] = {}) => {
    t = await buildTestApp({ kind, ...config });
    return t;
  };
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('pays the order: edition #1, sold count 1, in the collection, receipt and sale notice queued', async () => {
    const t = await app();
    const pack = await createPack(t, { priceNano: 2_500_000_000n, maxSupply: 50, title: 'Neon Frogs' });
    const buyer = await createUser(t);
    const { order } = await buy(t, buyer, pack.id);

    const paid = await demoPay(t, buyer, order.id);
    expect(paid.statusCode).toBe(200);
    expect(paid.order).toMatchObject({
      id: order.id,
      status: 'paid',
      edition: 1,
      amount: '2.50',
      paymentMethod: 'ton',
      paidAt: t.clock.now.toISOString(),
    });
    expect((await packRow(t, pack.id)).soldCount).toBe(1);
    expect((await orderRow(t, order.id)).paymentRef).toBe(`demo:${order.id}`);

    // The collection is the editions a user owns.
    const owned = await t.db.select().from(tables.editions).where(eq(tables.editions.ownerId, buyer.id));
    expect(owned).toEqual([
      expect.objectContaining({ packId: pack.id, serial: 1, orderId: order.id, purchasePriceNano: 2_500_000_000n }),
    ]);

    const sale = {
      orderId: order.id,
      packId: pack.id,
      title: 'Neon Frogs',
      serial: 1,
      maxSupply: 50,
      amount: '2.50',
      buyerId: buyer.id,
      creatorId: pack.creator.id,
    };
    const outbox = await outboxRows(t);
    expect(outbox.map(({ kind, dedupeKey, payload, status }) => ({ kind, dedupeKey, payload, status }))).toEqual([
      { kind: 'purchase_receipt', dedupeKey: `receipt:${order.id}`, payload: sale, status: 'pending' },
      { kind: 'sale_notice', dedupeKey: `sale:${order.id}`, payload: sale, status: 'pending' },
    ]);
  });

  it('an edition paid by the demo rail says so, not "Paid on chain", whatever method the buyer chose', async () => {
    const t = await app();
    const pack = await createPack(t, { priceNano: 1_000_000_000n });
    const buyer = await createUser(t);
    const { order } = await buy(t, buyer, pack.id);
    expect((await demoPay(t, buyer, order.id)).order.paymentMethod).toBe('ton');
    const [edition] = await t.db.select().from(tables.editions).where(eq(tables.editions.orderId, order.id));
    const read = await t.app.inject({ method: 'GET', url: `/api/editions/${edition!.id}` });
    expect(read.json()).toMatchObject({ paidWith: 'demo' });

    // Bought again on the resale market and paid by the demo rail: the same.
    await t.db
      .update(tables.users)
      .set({ walletAddress: `0:${'61'.repeat(32)}` })
      .where(eq(tables.users.id, buyer.id));
    const listed = await t.app.inject({
      method: 'POST',
      url: `/api/editions/${edition!.id}/listing`,
      headers: await authHeaders(t, buyer),
      payload: { price: '2' },
    });
    const second = await createUser(t);
    const resale = await t.app.inject({
      method: 'POST',
      url: '/api/marketplace/buy',
      headers: await authHeaders(t, second),
      payload: { listingId: listed.json().listing.id, paymentMethod: 'ton' },
    });
    expect(resale.statusCode).toBe(201);
    expect((await demoPay(t, second, resale.json().order.id)).order.status).toBe('paid');
    const after = await t.app.inject({ method: 'GET', url: `/api/editions/${edition!.id}` });
    expect(after.json()).toMatchObject({ owner: { id: second.id }, paidWith: 'demo' });
  });

  it('tells the second buyer and the creator of edition #2, the serial the sale minted', async () => {
    const t = await app();
    const pack = await createPack(t, { maxSupply: 3, title: 'Neon Frogs' });
    const [first, second] = [await createUser(t), await createUser(t)];
    await demoPay(t, first, (await buy(t, first, pack.id)).order.id);
    const { order } = await buy(t, second, pack.id);

    expect((await demoPay(t, second, order.id)).order.edition).toBe(2);
    const notices = (await outboxRows(t)).filter((row) => (row.payload as { orderId?: string }).orderId === order.id);
    expect(notices.map((row) => [row.kind, row.payload])).toEqual(
      ['purchase_receipt', 'sale_notice'].map((kind) => [
        kind,
        expect.objectContaining({ serial: 2, maxSupply: 3, title: 'Neon Frogs', buyerId: second.id }),
      ]),
    );
  });

  it('changes nothing when paid again', async () => {
    const t = await app();
    const pack = await createPack(t);
    const buyer = await createUser(t);
    const { order } = await buy(t, buyer, pack.id);
    const first = await demoPay(t, buyer, order.id);
    t.clock.advance(5_000);

    const second = await demoPay(t, buyer, order.id);
    expect(second.statusCode).toBe(200);
    expect(second.order).toEqual(first.order);
    expect(await editionsOf(t, pack.id)).toHaveLength(1);
    expect((await packRow(t, pack.id)).soldCount).toBe(1);
    expect(await outboxRows(t)).toHaveLength(2);
  });

  it("answers someone else's order and an unknown one with 404, paying nothing", async () => {
    const t = await app();
    const pack = await createPack(t);
    const buyer = await createUser(t);
    const stranger = await createUser(t);
    const { order } = await buy(t, buyer, pack.id);

    const res = await demoPay(t, stranger, order.id);
    expect(res.statusCode).toBe(404);
    expect(res.error).toBe(API_ERRORS.orderNotFound);
    expect((await demoPay(t, buyer, 'nope')).statusCode).toBe(404);
    expect((await orderRow(t, order.id)).status).toBe('reserved');
    expect(await editionsOf(t, pack.id)).toHaveLength(0);
  });

  it('does not exist when demo mode is off', async () => {
    const t = await app({ config: { demo: false } });
    const pack = await createPack(t);
    const buyer = await createUser(t);
    const orderId = await insertOrder(t, { userId: buyer.id, packId: pack.id });

    const res = await demoPay(t, buyer, orderId);
    expect(res.statusCode).toBe(404);
    expect(res.error).toBe(API_ERRORS.demoOff);
    expect((await orderRow(t, orderId)).status).toBe('reserved');
    expect(await editionsOf(t, pack.id)).toHaveLength(0);
  });

  it('fulfils a late payment while supply is left', async () => {
    const t = await app();
    const pack = await createPack(t, { maxSupply: 1 });
    const buyer = await createUser(t);
    const { order } = await buy(t, buyer, pack.id);
    t.clock.advance(ORDER_RESERVATION_MS + 60_000);

    const paid = await demoPay(t, buyer, order.id);
    expect(paid.order).toMatchObject({ status: 'paid', edition: 1 });
    expect((await packRow(t, pack.id)).soldCount).toBe(1);
  });

  it('turns a late payment into refund_required when the last edition went to someone else', async () => {
    const t = await app();
    const pack = await createPack(t, { maxSupply: 1 });
    const late = await createUser(t);
    const other = await createUser(t);
    const { order } = await buy(t, late, pack.id);
    t.clock.advance(ORDER_RESERVATION_MS);
    const { order: otherOrder } = await buy(t, other, pack.id);
    expect((await demoPay(t, other, otherOrder.id)).order.edition).toBe(1);

    const res = await demoPay(t, late, order.id);
    expect(res.statusCode).toBe(200);
    expect(res.order).toMatchObject({ status: 'refund_required', edition: null, paidAt: null });
    expect(await editionsOf(t, pack.id)).toEqual([expect.objectContaining({ ownerId: other.id, serial: 1 })]);
    expect((await packRow(t, pack.id)).soldCount).toBe(1);
    const refunds = (await outboxRows(t)).filter((row) => row.kind === 'refund_required');
    expect(refunds).toEqual([
      expect.objectContaining({
        dedupeKey: `refund:${order.id}:ton:demo:${order.id}`,
        payload: expect.objectContaining({ orderId: order.id, buyerId: late.id, reason: 'sold_out', amount: '1.50' }),
      }),
    ]);
  });
});
