import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MarketplaceStats, parseTon } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createCreator, createUser } from '../../users.js';
import { insertPack, sellEdition } from '../packs/fixtures.js';
import { listings, tables } from '@stickerdrop/core/testing';

const getStats = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/marketplace/stats' });
  expect(res.statusCode).toBe(200);
  return MarketplaceStats.parse(res.json());
};

describeEachDatabase('GET /api/marketplace/stats', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  it('is all zeros for an empty marketplace', async () => {
    expect(await getStats(t)).toEqual({
      totalListings: 0,
      uniqueSellers: 0,
      totalVolume: '0.00',
      totalSales: 0,
      totalStickers: 0,
      totalCreators: 0,
      avgPrice: '0.00',
    });
  });

  it('counts the real rows, exact to the nanoton', async () => {
    const ann = await createCreator(t);
    const bob = await createCreator(t);
    await createCreator(t); // a creator with nothing listed yet
    const buyers = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const soldOut = await insertPack(t.db, ann.id, { price: '1', maxSupply: 2 });
    const selling = await insertPack(t.db, ann.id, { price: '2.5', maxSupply: 10 });
    await insertPack(t.db, bob.id, { price: '0.333333333', maxSupply: 5 });
    await sellEdition(t.db, soldOut, buyers[0]!.id);
    await sellEdition(t.db, soldOut, buyers[1]!.id);
    await sellEdition(t.db, selling, buyers[2]!.id);
    // Volume is what buyers paid; the average is over today's asking prices.
    await t.db
      .update(tables.packs)
      .set({ priceNano: parseTon('3')! })
      .where(eq(tables.packs.id, selling));

    expect(await getStats(t)).toEqual({
      // Nothing is listed on resale yet: two packs on sale are not listings.
      totalListings: 0,
      uniqueSellers: 2,
      totalVolume: '4.50',
      totalSales: 3,
      totalStickers: 3,
      totalCreators: 3,
      // (1 + 3 + 0.333333333) / 3 = 1.444444444333… → 1.444444444
      avgPrice: '1.444444444',
    });
  });

  it('counts open resale listings as the active listings, not packs, sold or cancelled ones', async () => {
    const [edition] = await t.db.select().from(tables.editions).limit(1);
    const listing = (status: string) => ({
      editionId: edition!.id,
      packId: edition!.packId,
      sellerId: edition!.ownerId,
      priceNano: parseTon('2')!,
      status,
    });
    await t.db.insert(listings).values(listing('cancelled'));
    await t.db.insert(listings).values(listing('active'));
    expect((await getStats(t)).totalListings).toBe(1);
    await t.db.update(listings).set({ status: 'cancelled' }).where(eq(listings.status, 'active'));
    expect((await getStats(t)).totalListings).toBe(0);
  });

  it('rounds the average half up to the nanoton', async () => {
    const cat = await createCreator(t);
    // Sum becomes 4.333333333 + 0.000000002 over 4 packs = 1.08333333375 → 1.083333334.
    await insertPack(t.db, cat.id, { price: '0.000000002' });
    expect((await getStats(t)).avgPrice).toBe('1.083333334');
  });
});

describe('stats with the read cache on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { readCacheMs: 2_000 } });
  });
  afterAll(() => t.close());

  it('shows a sale once the cache time has passed', async () => {
    const creator = await createCreator(t);
    const buyer = await createUser(t);
    const pack = await insertPack(t.db, creator.id, { price: '5' });
    expect((await getStats(t)).totalSales).toBe(0);
    await sellEdition(t.db, pack, buyer.id);
    expect((await getStats(t)).totalSales).toBe(0);
    t.clock.advance(2_001);
    expect(await getStats(t)).toMatchObject({ totalSales: 1, totalVolume: '5.00' });
  });
});
