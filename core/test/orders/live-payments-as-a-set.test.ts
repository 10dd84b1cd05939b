import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ORDER_RESERVATION_MS } from '@stickerdrop/shared';
import { type Database, fulfilOrder, reserveEdition } from '../../src/index.js';
import { activity, queryRows, tables } from '../../src/testing.js';
import { describeEachDatabase, freshDatabase, type TestDatabase } from '../support/db.js';
import { buyAndPay, createUser, insertPack } from '../support/market.js';

const NOW = new Date('2026-03-01T12:00:00Z');

/**
 * Migration 0015: a batch of payments for live reservations is settled as a set by
 * fulfil_live_primary_orders, any other batch one payment at a time. Both must leave the same rows.
 */
describeEachDatabase('payments for live reservations settled as a set', (kind) => {
  let handle: TestDatabase;
  let db: Database;
  let creator: number;
  beforeEach(async () => {
    handle = await freshDatabase(kind);
    db = handle.db;
    creator = await createUser(db, { isCreator: true });
  });
  afterEach(() => handle.close());

  /** A pack with one edition sold, and `count` buyers holding live reservations of it. */
  async function reservedOrders(count: number) {
    const pack = await insertPack(db, creator, { maxSupply: 10, title: 'Neon Frogs' });
    await buyAndPay(db, await createUser(db), pack, NOW);
    const orderIds: string[] = [];
    for (let i = 0; i < count; i++) {
      const userId = await createUser(db);
      const { order } = await reserveEdition(db, { userId, packId: pack, paymentMethod: 'ton', now: NOW });
      orderIds.push(order.id);
    }
    return { pack, orderIds };
  }

  const settleAsSet = (orderIds: string[], at: Date) =>
    queryRows<{ minted_serial: number; pack_title: string; settled: string }>(
      db,
      sql`select minted_serial, pack_title from fulfil_live_primary_orders(
        ${`{${orderIds.join(',')}}`}::uuid[], ${`{${orderIds.map((id) => `"ref-${id}"`).join(',')}}`}::text[],
        ${`{${orderIds.map(() => 'NULL').join(',')}}`}::text[],
        ${`{${orderIds.map(() => `"${at.toISOString()}"`).join(',')}}`}::timestamptz[],
        ${JSON.stringify(
          orderIds.map((orderId) => ({
            fulfilled: [{ kind: 'purchase_receipt', dedupeKey: `receipt:${orderId}`, payload: { orderId, serial: 1 } }],
          })),
        )}::jsonb)`,
    );

  it('mints the next serials in the batch’s order, with their mints, paid orders and messages', async () => {
    const { pack, orderIds } = await reservedOrders(3);
    const answers = await settleAsSet(orderIds, NOW);

    expect(answers.map((a) => [a.minted_serial, a.pack_title])).toEqual([
      [2, 'Neon Frogs'],
      [3, 'Neon Frogs'],
      [4, 'Neon Frogs'],
    ]);
    const [packRow] = await db.select().from(tables.packs).where(eq(tables.packs.id, pack));
    expect(packRow!.soldCount).toBe(4);
    const editions = await db.select().from(tables.editions).orderBy(asc(tables.editions.serial));
    expect(editions.slice(1).map((e) => [e.serial, e.orderId, e.acquiredWith])).toEqual(
      orderIds.map((id, i) => [i + 2, id, 'ton']),
    );
    const mints = await db.select().from(activity).where(eq(activity.type, 'mint')).orderBy(asc(activity.serial));
    expect(mints.slice(1).map((m) => [m.serial, m.editionId])).toEqual(editions.slice(1).map((e) => [e.serial, e.id]));
    for (const [i, id] of orderIds.entries()) {
      const [order] = await db.select().from(tables.orders).where(eq(tables.orders.id, id));
      expect(order).toMatchObject({ status: 'paid', paymentRef: `ref-${id}`, paymentMethod: 'ton', paidAt: NOW });
      const [receipt] = await db
        .select()
        .from(tables.outbox)
        .where(eq(tables.outbox.dedupeKey, `receipt:${id}`));
      expect(receipt!.payload).toEqual({ orderId: id, serial: i + 2 });
    }
  });

  it('settles nothing when one payment of the batch is for a lapsed reservation', async () => {
    const { pack, orderIds } = await reservedOrders(3);
    const afterExpiry = new Date(NOW.getTime() + ORDER_RESERVATION_MS);

    expect(await settleAsSet(orderIds, afterExpiry)).toEqual([]);
    const [packRow] = await db.select().from(tables.packs).where(eq(tables.packs.id, pack));
    expect(packRow!.soldCount).toBe(1);
    expect(await db.select().from(tables.editions)).toHaveLength(1);
    expect(await db.select().from(tables.outbox).where(eq(tables.outbox.kind, 'purchase_receipt'))).toHaveLength(1);
  });

  it('leaves the same rows as paying the same orders one at a time', async () => {
    const together = await rowsAfterPaying(async (orderIds) => {
      await Promise.all(
        orderIds.map((orderId) => fulfilOrder(db, { orderId, paymentRef: `ton:${orderId}`, now: NOW })),
      );
    });
    await handle.close();
    handle = await freshDatabase(kind);
    db = handle.db;
    creator = await createUser(db, { isCreator: true });
    const oneByOne = await rowsAfterPaying(async (orderIds) => {
      for (const orderId of orderIds) await fulfilOrder(db, { orderId, paymentRef: `ton:${orderId}`, now: NOW });
    });
    expect(together).toEqual(oneByOne);
  });

  /**
   * What paying five reservations wrote, with every id that differs between two databases replaced by its
   * place: orders and buyers in the order the buyers were created, the creator by name; row ids and the
   * times the database's own clock gives an outbox row left out.
   */
  async function rowsAfterPaying(pay: (orderIds: string[]) => Promise<void>) {
    const { orderIds } = await reservedOrders(5);
    await pay(orderIds);
    const orders = (await db.select().from(tables.orders)).sort((a, b) => a.userId - b.userId);
    const orderPlace = new Map(orders.map((order, i) => [order.id, `order ${i}`]));
    const buyerPlace = new Map<unknown, string>(orders.map((order, i) => [order.userId, `buyer ${i}`]));
    const placed = (key: string, value: unknown): unknown => {
      if (['id', 'packId', 'editionId'].includes(key)) return undefined;
      if (['userId', 'ownerId', 'buyerId', 'toId'].includes(key)) return buyerPlace.get(value) ?? value;
      if (key === 'creatorId') return value === creator ? 'creator' : value;
      if (typeof value === 'bigint') return value.toString();
      if (typeof value === 'string') return [...orderPlace].reduce((text, [id, at]) => text.replaceAll(id, at), value);
      return value;
    };
    const rows = {
      orders,
      editions: await db.select().from(tables.editions).orderBy(asc(tables.editions.serial)),
      mints: await db.select().from(activity).orderBy(asc(activity.serial)),
      outbox: (await db.select().from(tables.outbox)).map(({ createdAt: _c, nextAttemptAt: _n, ...row }) => row),
      // The marketplace's figures are spread over slots by id, which differ: their sums are what counts.
      totals: await db
        .select({
          sales: sql<string>`sum(sales)::text`,
          volume: sql<string>`sum(volume)::text`,
          listings: sql<string>`sum(listings)::text`,
        })
        .from(tables.marketplaceCounters),
      creatorStats: await db.select().from(tables.creatorStats),
    };
    const written = JSON.parse(JSON.stringify(rows, placed)) as { outbox: { dedupeKey: string }[] };
    written.outbox.sort((a, b) => a.dedupeKey.localeCompare(b.dedupeKey));
    return written;
  }
});
