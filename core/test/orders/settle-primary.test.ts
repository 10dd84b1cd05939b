import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type Database, fulfilOrder, reserveEdition } from '../../src/index.js';
import { activity, tables } from '../../src/testing.js';
import { describeEachDatabase, freshDatabase, type TestDatabase } from '../support/db.js';
import { buyAndPay, createUser, insertPack } from '../support/market.js';

const NOW = new Date('2026-03-01T12:00:00Z');
const LATER = new Date('2026-03-01T13:00:00Z');

/**
 * A primary sale settles through the settlement every rail shares: the edition is minted by the one move,
 * with its feed entry and messages, from the pack read once under its lock.
 */
describeEachDatabase('a primary sale, settled in one place', (kind) => {
  let handle: TestDatabase;
  let db: Database;
  let creator: number;
  beforeEach(async () => {
    handle = await freshDatabase(kind);
    db = handle.db;
    creator = await createUser(db, { isCreator: true });
  });
  afterEach(() => handle.close());

  async function reserve(packId: number) {
    const userId = await createUser(db);
    const { order } = await reserveEdition(db, { userId, packId, paymentMethod: 'ton', now: NOW });
    return order;
  }

  it('mints the next serial with its mint in the feed, a paid order, and the buyer’s and creator’s messages', async () => {
    const pack = await insertPack(db, creator, { maxSupply: 5, title: 'Neon Frogs', priceNano: 2_500_000_000n });
    await buyAndPay(db, await createUser(db), pack, NOW);
    const order = await reserve(pack);

    const paid = await fulfilOrder(db, { orderId: order.id, paymentRef: `ton:${order.id}`, now: NOW, method: 'ton' });

    expect(paid).toMatchObject({ outcome: 'fulfilled', order: { status: 'paid', edition: 2, paymentMethod: 'ton' } });
    const [edition] = await db.select().from(tables.editions).where(eq(tables.editions.orderId, order.id));
    expect(edition).toMatchObject({
      serial: 2,
      ownerId: order.userId,
      acquiredWith: 'ton',
      purchasePriceNano: 2_500_000_000n,
    });
    const feed = await db.select().from(activity).where(eq(activity.editionId, edition!.id));
    expect(feed).toMatchObject([
      { type: 'mint', serial: 2, fromId: null, toId: order.userId, priceNano: 2_500_000_000n },
    ]);
    const messages = await db
      .select({ kind: tables.outbox.kind, payload: tables.outbox.payload })
      .from(tables.outbox)
      .where(eq(tables.outbox.dedupeKey, `receipt:${order.id}`));
    expect(messages).toMatchObject([
      { kind: 'purchase_receipt', payload: { serial: 2, title: 'Neon Frogs', maxSupply: 5, creatorId: creator } },
    ]);
    const [packRow] = await db.select().from(tables.packs).where(eq(tables.packs.id, pack));
    expect(packRow!.soldCount).toBe(2);
  });

  it('refunds a payment for a pack the marketplace removed meanwhile, live or lapsed, and sells none', async () => {
    const pack = await insertPack(db, creator, { maxSupply: 5, title: 'Borrowed Art' });
    const lapsed = await reserve(pack);
    await db.update(tables.orders).set({ expiresAt: NOW }).where(eq(tables.orders.id, lapsed.id));
    const live = await reserve(pack);
    // Payments on their way settle after the takedown's commit (they waited for the pack's lock).
    await db.update(tables.packs).set({ status: 'removed', removedReason: 'scam' }).where(eq(tables.packs.id, pack));

    for (const order of [live, lapsed]) {
      const refused = await fulfilOrder(db, {
        orderId: order.id,
        paymentRef: `ton:${order.id}`,
        now: NOW,
        method: 'ton',
      });
      expect(refused).toMatchObject({
        outcome: 'refund_required',
        refundReason: 'pack_removed',
        order: { edition: null },
      });
    }
    const [packRow] = await db.select().from(tables.packs).where(eq(tables.packs.id, pack));
    expect(packRow!.soldCount).toBe(0);
    expect(await db.select().from(tables.editions).where(eq(tables.editions.packId, pack))).toEqual([]);
    const refunds = await db
      .select({ payload: tables.outbox.payload })
      .from(tables.outbox)
      .where(eq(tables.outbox.kind, 'refund_required'))
      .orderBy(asc(tables.outbox.id));
    expect(refunds).toMatchObject([
      { payload: { orderId: live.id, reason: 'pack_removed', title: 'Borrowed Art' } },
      { payload: { orderId: lapsed.id, reason: 'pack_removed', title: 'Borrowed Art' } },
    ]);
  });

  it('refunds a lapsed order when live reservations hold the rest, and sells one once a place is free', async () => {
    const pack = await insertPack(db, creator, { maxSupply: 2 });
    const lapsed = [await reserve(pack), await reserve(pack)];
    await db.update(tables.orders).set({ expiresAt: NOW }).where(eq(tables.orders.packId, pack));
    const holders = [await reserve(pack), await reserve(pack)];

    const refused = await fulfilOrder(db, { orderId: lapsed[0]!.id, paymentRef: 'late-1', now: NOW });
    expect(refused).toMatchObject({ outcome: 'refund_required', refundReason: 'sold_out', order: { edition: null } });

    await db.update(tables.orders).set({ expiresAt: NOW }).where(eq(tables.orders.id, holders[1]!.id));
    const sold = await fulfilOrder(db, { orderId: lapsed[1]!.id, paymentRef: 'late-2', now: LATER });
    expect(sold).toMatchObject({ outcome: 'fulfilled', order: { edition: 1 } });
    const refunds = await db
      .select({ payload: tables.outbox.payload })
      .from(tables.outbox)
      .where(eq(tables.outbox.kind, 'refund_required'))
      .orderBy(asc(tables.outbox.id));
    expect(refunds).toMatchObject([{ payload: { orderId: lapsed[0]!.id, reason: 'sold_out', paymentRef: 'late-1' } }]);
  });
});
