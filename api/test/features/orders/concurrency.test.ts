import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API_ERRORS, ORDER_RESERVATION_MS } from '@stickerdrop/shared';
import { fulfilOrder } from '@stickerdrop/core';
import { expireReservations, tables } from '@stickerdrop/core/testing';
import { buildTestApp, describePostgres, type TestApp } from '../../helpers.js';
import { createUser, type TestUser } from '../../users.js';
import { buy, createPack, demoPay, editionsOf, insertOrder, outboxRows, packRow } from './fixtures.js';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Real Postgres only: PGlite runs one transaction at a time and would hide every race here. */
describePostgres('orders under concurrency', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind: 'postgres' });
  });
  afterEach(() => t.close());

  const users = async (count: number): Promise<TestUser[]> => {
    const created: TestUser[] = [];
    for (let i = 0; i < count; i++) created.push(await createUser(t));
    return created;
  };

  it('200 buyers of a 10-edition pack: 10 paid with serials 1…10, 190 sold-out refusals', async () => {
    const pack = await createPack(t, { maxSupply: 10 });
    const buyers = await users(200);

    const results = await Promise.all(
      buyers.map(async (buyer) => {
        const bought = await buy(t, buyer, pack.id);
        const paid = bought.statusCode === 201 ? await demoPay(t, buyer, bought.order.id) : undefined;
        return { bought, paid };
      }),
    );

    const refused = results.filter((r) => r.bought.statusCode !== 201);
    expect(refused).toHaveLength(190);
    expect(new Set(refused.map((r) => `${r.bought.statusCode} ${r.bought.error}`))).toEqual(
      new Set([`409 ${API_ERRORS.soldOut}`]),
    );
    const paid = results.flatMap((r) => (r.paid ? [r.paid] : []));
    expect(paid.map((p) => p.order.status)).toEqual(Array(10).fill('paid'));
    expect(paid.map((p) => p.order.edition).sort((a, b) => a! - b!)).toEqual(range(1, 10));

    const editions = await editionsOf(t, pack.id);
    expect(editions.map((e) => e.serial)).toEqual(range(1, 10));
    expect(new Set(editions.map((e) => e.ownerId)).size).toBe(10);
    expect((await packRow(t, pack.id)).soldCount).toBe(10);
    const orders = await t.db.select().from(tables.orders).where(eq(tables.orders.packId, pack.id));
    expect(orders.map((o) => o.status)).toEqual(Array(10).fill('paid'));
    expect(await outboxRows(t)).toHaveLength(20);
  });

  it('one buyer pressing Buy ten times at once gets one order', async () => {
    const pack = await createPack(t);
    const [buyer] = await users(1);
    const results = await Promise.all(range(1, 10).map(() => buy(t, buyer!, pack.id)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.order.id)).size).toBe(1);
    expect(await t.db.select().from(tables.orders).where(eq(tables.orders.packId, pack.id))).toHaveLength(1);
  });

  it('concurrent fulfilments of one order produce one edition', async () => {
    const pack = await createPack(t);
    for (const [buyer] of (await users(10)).map((u) => [u] as const)) {
      const orderId = await insertOrder(t, { userId: buyer.id, packId: pack.id });
      const outcomes = await Promise.all(
        range(1, 2).map(() => fulfilOrder(t.db, { orderId, paymentRef: `ton:${orderId}`, now: t.clock.now })),
      );
      expect(outcomes.map((o) => o.outcome).sort()).toEqual(['already_fulfilled', 'fulfilled']);
      expect(outcomes[0]!.order.edition).toBe(outcomes[1]!.order.edition);
    }
    const editions = await editionsOf(t, pack.id);
    expect(editions.map((e) => e.serial)).toEqual(range(1, 10));
    expect(new Set(editions.map((e) => e.orderId)).size).toBe(10);
    expect((await packRow(t, pack.id)).soldCount).toBe(10);
    expect(await outboxRows(t)).toHaveLength(20);
  });

  it('two different payments racing for one order: one buys the edition, the other is refunded', async () => {
    const pack = await createPack(t);
    const [buyer] = await users(1);
    const orderId = await insertOrder(t, { userId: buyer!.id, packId: pack.id });
    const outcomes = await Promise.all(
      ['ton:tx-a', 'ton:tx-b'].map((paymentRef) => fulfilOrder(t.db, { orderId, paymentRef, now: t.clock.now })),
    );
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['fulfilled', 'refund_required']);
    expect(await editionsOf(t, pack.id)).toHaveLength(1);
    const refunds = (await outboxRows(t)).filter((row) => row.kind === 'refund_required');
    expect(refunds).toHaveLength(1);
  });

  it('50 concurrent fulfilments of 50 orders of one pack give serials 1…50 without gaps', async () => {
    const pack = await createPack(t, { maxSupply: 50 });
    const buyers = await users(50);
    const orderIds: string[] = [];
    for (const buyer of buyers) orderIds.push(await insertOrder(t, { userId: buyer.id, packId: pack.id }));

    const results = await Promise.all(
      orderIds.map((orderId) => fulfilOrder(t.db, { orderId, paymentRef: `ton:${orderId}`, now: t.clock.now })),
    );
    expect(results.every((r) => r.outcome === 'fulfilled')).toBe(true);
    expect(results.map((r) => r.order.edition).sort((a, b) => a! - b!)).toEqual(range(1, 50));
    expect((await editionsOf(t, pack.id)).map((e) => e.serial)).toEqual(range(1, 50));
    expect((await packRow(t, pack.id)).soldCount).toBe(50);
  });

  it('late payments racing the expiry sweeper are all settled, none lost', async () => {
    const pack = await createPack(t, { maxSupply: 30 });
    const buyers = await users(30);
    const orderIds: string[] = [];
    for (const buyer of buyers) orderIds.push(await insertOrder(t, { userId: buyer.id, packId: pack.id }));
    t.clock.advance(ORDER_RESERVATION_MS);

    const [results] = await Promise.all([
      Promise.all(
        orderIds.map((orderId) => fulfilOrder(t.db, { orderId, paymentRef: `ton:${orderId}`, now: t.clock.now })),
      ),
      Promise.all(range(1, 5).map(() => expireReservations(t.db, t.clock.now))),
    ]);
    expect(results.map((r) => r.outcome)).toEqual(Array(30).fill('fulfilled'));
    const orders = await t.db.select().from(tables.orders).where(eq(tables.orders.packId, pack.id));
    expect(orders.map((o) => o.status)).toEqual(Array(30).fill('paid'));
    expect((await editionsOf(t, pack.id)).map((e) => e.serial)).toEqual(range(1, 30));
  });

  it('late payments racing new buyers for the last editions: never more sold than the supply, no paid reservation refused', async () => {
    const pack = await createPack(t, { maxSupply: 10 });
    const late = await users(10);
    const lapsed: string[] = [];
    for (const buyer of late) lapsed.push(await insertOrder(t, { userId: buyer.id, packId: pack.id }));
    t.clock.advance(ORDER_RESERVATION_MS);
    const newcomers = await users(20);

    const [latePayments, purchases] = await Promise.all([
      Promise.all(
        lapsed.map((orderId) => fulfilOrder(t.db, { orderId, paymentRef: `ton:${orderId}`, now: t.clock.now })),
      ),
      Promise.all(
        newcomers.map(async (buyer) => {
          const bought = await buy(t, buyer, pack.id);
          return bought.statusCode === 201 ? (await demoPay(t, buyer, bought.order.id)).order.status : bought.error;
        }),
      ),
    ]);

    // Every attempt either got an edition or found the supply taken, so exactly ten were sold between them.
    const lateBought = latePayments.filter((r) => r.outcome === 'fulfilled').length;
    const newBought = purchases.filter((status) => status === 'paid').length;
    expect(lateBought + newBought).toBe(10);
    expect(latePayments.filter((r) => r.outcome === 'refund_required')).toHaveLength(10 - lateBought);
    expect(purchases.filter((status) => status !== 'paid')).toEqual(Array(20 - newBought).fill(API_ERRORS.soldOut));
    expect((await editionsOf(t, pack.id)).map((e) => e.serial)).toEqual(range(1, 10));
    expect((await packRow(t, pack.id)).soldCount).toBe(10);
  });
});
