import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getProfile } from '../../src/testing.js';
import { ORDER_RESERVATION_MS } from '@stickerdrop/shared';
import { type Database, fulfilOrder, reserveEdition } from '../../src/index.js';
import { describeEachDatabase, freshDatabase, type TestDatabase } from '../support/db.js';
import { buyAndPay, createUser, insertPack } from '../support/market.js';

const NOW = new Date('2026-03-01T12:00:00Z');

describeEachDatabase('earnings: the profile figures come from the money that moved', (kind) => {
  let handle: TestDatabase;
  let db: Database;
  beforeEach(async () => {
    handle = await freshDatabase(kind);
    db = handle.db;
  });
  afterEach(() => handle.close());

  it('counts a creator’s paid first-hand sales and their revenue, not reservations', async () => {
    const creator = await createUser(db, { isCreator: true });
    const cheap = await insertPack(db, creator, { priceNano: 1_500_000_000n });
    const dear = await insertPack(db, creator, { priceNano: 2_000_000_000n });
    await buyAndPay(db, await createUser(db), cheap, NOW);
    await buyAndPay(db, await createUser(db), dear, NOW);
    // A reservation nobody paid is not a sale.
    await reserveEdition(db, { userId: await createUser(db), packId: dear, paymentMethod: 'demo', now: NOW });

    const profile = await getProfile(db, creator);
    expect(profile).toMatchObject({
      stickersCreated: 2,
      primarySales: 2,
      primaryRevenue: '3.50',
      stickersSold: 2,
      totalEarnings: '3.50',
      stickersPurchased: 0,
      totalSpent: '0.00',
    });
  });

  it('sums what a collector paid, and a buyer earns nothing by buying', async () => {
    const creator = await createUser(db, { isCreator: true });
    const buyer = await createUser(db);
    await buyAndPay(db, buyer, await insertPack(db, creator, { priceNano: 1_250_000_000n }), NOW);
    await buyAndPay(db, buyer, await insertPack(db, creator, { priceNano: 750_000_000n }), NOW);

    expect(await getProfile(db, buyer)).toMatchObject({
      stickersPurchased: 2,
      totalSpent: '2.00',
      stickersSold: 0,
      totalEarnings: '0.00',
      stickersCreated: 0,
    });
  });

  it('is null for a user who does not exist', async () => {
    expect(await getProfile(db, 123_456)).toBeNull();
  });
});

describe('earnings: a payment refused', () => {
  it('adds nothing when the pack sold out before the money came (refund required)', async () => {
    const handle = await freshDatabase('pglite');
    try {
      const { db } = handle;
      const creator = await createUser(db, { isCreator: true });
      const pack = await insertPack(db, creator, { maxSupply: 1 });
      const late = await createUser(db);
      const { order } = await reserveEdition(db, { userId: late, packId: pack, paymentMethod: 'demo', now: NOW });
      // The reservation lapses, the edition sells to someone else, then the first buyer's money arrives.
      const later = new Date(NOW.getTime() + ORDER_RESERVATION_MS + 60_000);
      await buyAndPay(db, await createUser(db), pack, later);
      const result = await fulfilOrder(db, { orderId: order.id, paymentRef: `demo:${order.id}`, now: later });
      expect(result.outcome).toBe('refund_required');
      expect(await getProfile(db, creator)).toMatchObject({ primarySales: 1, primaryRevenue: '1.00' });
      expect(await getProfile(db, late)).toMatchObject({ stickersPurchased: 0, totalSpent: '0.00' });
    } finally {
      await handle.close();
    }
  });
});
