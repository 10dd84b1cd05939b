import { afterEach, beforeEach, expect, it } from 'vitest';
import { ORDER_RESERVATION_MS } from '@stickerdrop/shared';
import { fulfilOrder } from '@stickerdrop/core';
import { OrderNotFoundError, PaymentRefConflictError } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { buy, createPack, editionsOf, insertOrder, orderRow, outboxRows, packRow } from './fixtures.js';

describeEachDatabase('fulfilOrder', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  const fulfil = (orderId: string, paymentRef: string, method?: 'ton' | 'stripe' | 'stars') =>
    fulfilOrder(t.db, { orderId, paymentRef, now: t.clock.now, ...(method ? { method } : {}) });

  it('fulfils once; the same payment again is already_fulfilled and changes nothing', async () => {
    const pack = await createPack(t);
    const buyer = await createUser(t);
    const { order } = await buy(t, buyer, pack.id);

    const first = await fulfil(order.id, 'ton:tx-1');
    expect(first.outcome).toBe('fulfilled');
    expect(first.order).toMatchObject({ status: 'paid', edition: 1, paymentRef: 'ton:tx-1' });
    const before = { order: await orderRow(t, order.id), outbox: await outboxRows(t) };

    t.clock.advance(60_000);
    const again = await fulfil(order.id, 'ton:tx-1');
    expect(again.outcome).toBe('already_fulfilled');
    expect(again.order).toEqual(first.order);
    expect(await orderRow(t, order.id)).toEqual(before.order);
    expect(await outboxRows(t)).toEqual(before.outbox);
    expect(await editionsOf(t, pack.id)).toHaveLength(1);
    expect((await packRow(t, pack.id)).soldCount).toBe(1);
  });

  it('gives buyers consecutive serials', async () => {
    const pack = await createPack(t, { maxSupply: 3 });
    const serials: Array<number | null> = [];
    for (let i = 0; i < 3; i++) {
      const buyer = await createUser(t);
      const { order } = await buy(t, buyer, pack.id);
      serials.push((await fulfil(order.id, `ref-${i}`)).order.edition);
    }
    expect(serials).toEqual([1, 2, 3]);
    expect((await packRow(t, pack.id)).soldCount).toBe(3);
  });

  it('refunds a second, different payment for a paid order and leaves the order alone', async () => {
    const pack = await createPack(t);
    const buyer = await createUser(t);
    const { order } = await buy(t, buyer, pack.id);
    await fulfil(order.id, 'ton:tx-1');
    const paidRow = await orderRow(t, order.id);

    const duplicate = await fulfil(order.id, 'ton:tx-2');
    expect(duplicate.outcome).toBe('refund_required');
    expect(duplicate.order).toMatchObject({ status: 'paid', edition: 1, paymentRef: 'ton:tx-1' });
    expect(await orderRow(t, order.id)).toEqual(paidRow);
    expect(await editionsOf(t, pack.id)).toHaveLength(1);

    // The same duplicate delivered again writes no second refund.
    await fulfil(order.id, 'ton:tx-2');
    const refunds = (await outboxRows(t)).filter((row) => row.kind === 'refund_required');
    expect(refunds).toEqual([
      expect.objectContaining({
        dedupeKey: `refund:${order.id}:ton:ton:tx-2`,
        payload: expect.objectContaining({ paymentRef: 'ton:tx-2', reason: 'duplicate_payment', buyerId: buyer.id }),
      }),
    ]);
  });

  it('refunds a buyer who paid two orders for one pack: one edition only', async () => {
    const pack = await createPack(t);
    const buyer = await createUser(t);
    const { order: lapsed } = await buy(t, buyer, pack.id);
    t.clock.advance(ORDER_RESERVATION_MS);
    const { order: current } = await buy(t, buyer, pack.id);
    expect(current.id).not.toBe(lapsed.id);

    expect((await fulfil(current.id, 'ref-current')).outcome).toBe('fulfilled');
    const late = await fulfil(lapsed.id, 'ref-lapsed');
    expect(late.outcome).toBe('refund_required');
    expect(late.order).toMatchObject({ status: 'refund_required', edition: null, paymentRef: 'ref-lapsed' });
    expect(await editionsOf(t, pack.id)).toEqual([expect.objectContaining({ orderId: current.id, serial: 1 })]);
    const refund = (await outboxRows(t)).find((row) => row.kind === 'refund_required');
    expect(refund?.payload).toMatchObject({ orderId: lapsed.id, reason: 'already_owned' });

    // A repeat of the refused payment changes nothing and queues nothing new.
    const outboxBefore = await outboxRows(t);
    expect((await fulfil(lapsed.id, 'ref-lapsed')).outcome).toBe('refund_required');
    expect(await outboxRows(t)).toEqual(outboxBefore);
  });

  it('counts only other buyers’ live reservations against a late payment', async () => {
    const pack = await createPack(t, { maxSupply: 2 });
    const late = await createUser(t);
    const { order } = await buy(t, late, pack.id);
    t.clock.advance(ORDER_RESERVATION_MS);
    await buy(t, await createUser(t), pack.id);
    await buy(t, await createUser(t), pack.id);

    // Nothing is sold yet, but the two live reservations hold the whole supply.
    const result = await fulfil(order.id, 'late');
    expect(result.outcome).toBe('refund_required');
    expect((await packRow(t, pack.id)).soldCount).toBe(0);
    expect(await editionsOf(t, pack.id)).toHaveLength(0);
  });

  it('fulfils a live order even when the other reservations fill the rest of the supply', async () => {
    const pack = await createPack(t, { maxSupply: 2 });
    const buyer = await createUser(t);
    const { order } = await buy(t, buyer, pack.id);
    await buy(t, await createUser(t), pack.id);
    expect((await fulfil(order.id, 'on-time')).outcome).toBe('fulfilled');
  });

  it('records the rail that took the money', async () => {
    const pack = await createPack(t);
    const buyer = await createUser(t);
    const { order } = await buy(t, buyer, pack.id, 'ton');
    const result = await fulfil(order.id, 'stars:charge-1', 'stars');
    expect(result.order).toMatchObject({ status: 'paid', paymentMethod: 'stars', paymentRef: 'stars:charge-1' });
    expect((await fulfil(order.id, 'stars:charge-1', 'stars')).outcome).toBe('already_fulfilled');
  });

  it('refuses a payment reference that already settled another order, changing nothing', async () => {
    const pack = await createPack(t);
    const a = await createUser(t);
    const b = await createUser(t);
    const first = await insertOrder(t, { userId: a.id, packId: pack.id });
    const second = await insertOrder(t, { userId: b.id, packId: pack.id });
    await fulfil(first, 'ton:tx-shared');

    await expect(fulfil(second, 'ton:tx-shared')).rejects.toBeInstanceOf(PaymentRefConflictError);
    expect((await orderRow(t, second)).status).toBe('reserved');
    expect(await editionsOf(t, pack.id)).toHaveLength(1);
  });

  it('throws for an unknown order', async () => {
    await expect(fulfil('00000000-0000-4000-8000-000000000000', 'x')).rejects.toBeInstanceOf(OrderNotFoundError);
  });
});
