import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { banUser, getMarketplaceStats, restorePack, takeDownPack } from '@stickerdrop/core';
import { activity, migrationsFolder, queryRows, tables } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createCreator, createUser } from '../../users.js';
import { insertPack, sellEdition } from '../packs/fixtures.js';

/**
 * The figures counted from the rows themselves, the way stats were read before migration 0002: of the packs
 * the marketplace has not removed, and their editions.
 */
async function recount(t: TestApp) {
  const [row] = await queryRows<Record<string, string>>(
    t.db,
    sql`with listed as (select * from packs where status = 'listed'),
      sold as (select e.* from editions e join listed p on p.id = e.pack_id)
    select
      (select count(*) from listed where sold_count < max_supply)::text as listings,
      (select count(distinct creator_id) from listed)::text as sellers,
      (select coalesce(sum(purchase_price_nano), 0) from sold)::text as volume,
      (select count(*) from sold)::text as sales,
      (select count(*) from listed)::text as packs,
      (select coalesce(sum(price_nano), 0) from listed)::text as price_sum,
      (select count(*) from users where is_creator)::text as creators,
      (select coalesce(json_agg(json_build_array(creator_id, n, s) order by creator_id), '[]')::text from
        (select creator_id, count(*)::int as n, sum(sold_count)::int as s from listed group by creator_id) c) as creators_json`,
  );
  return row!;
}

async function counted(t: TestApp) {
  const [row] = await queryRows<Record<string, string>>(
    t.db,
    sql`select coalesce(sum(listings), 0)::text as listings, coalesce(sum(sellers), 0)::text as sellers,
      coalesce(sum(volume), 0)::text as volume, coalesce(sum(sales), 0)::text as sales,
      coalesce(sum(packs), 0)::text as packs, coalesce(sum(price_sum), 0)::text as price_sum,
      coalesce(sum(creators), 0)::text as creators,
      (select coalesce(json_agg(json_build_array(creator_id, packs, sales) order by creator_id), '[]')::text
        from creator_stats where packs > 0) as creators_json
    from marketplace_counters`,
  );
  return row!;
}

describeEachDatabase('marketplace and creator counters (migration 0002 triggers)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  it('equal a recount of the rows after every kind of change', async () => {
    const ann = await createCreator(t);
    const bob = await createCreator(t);
    const buyers = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const packs = [
      await insertPack(t.db, ann.id, { price: '1', maxSupply: 2 }),
      await insertPack(t.db, ann.id, { price: '2.5', maxSupply: 10 }),
      await insertPack(t.db, bob.id, { price: '0.3', maxSupply: 1 }),
    ];
    expect(await counted(t)).toEqual(await recount(t));

    await sellEdition(t.db, packs[0]!, buyers[0]!.id);
    await sellEdition(t.db, packs[0]!, buyers[1]!.id); // sold out: one listing fewer
    await sellEdition(t.db, packs[2]!, buyers[2]!.id);
    expect(await counted(t)).toEqual(await recount(t));

    // A price change, a supply change that lists a sold-out pack again, a pack moving to another creator.
    await t.db.update(tables.packs).set({ priceNano: 7n }).where(eq(tables.packs.id, packs[1]!));
    await t.db.update(tables.packs).set({ maxSupply: 5 }).where(eq(tables.packs.id, packs[0]!));
    await t.db.update(tables.packs).set({ creatorId: bob.id }).where(eq(tables.packs.id, packs[1]!));
    // Creator access granted and withdrawn; views, likes and scores do not count.
    await t.db.update(tables.users).set({ isCreator: true }).where(eq(tables.users.id, buyers[0]!.id));
    await t.db.update(tables.users).set({ isCreator: false }).where(eq(tables.users.id, ann.id));
    await t.db.update(tables.packs).set({ views: 9, likes: 3, trendingScore: 1 });
    expect(await counted(t)).toEqual(await recount(t));

    // Rows removed: an edition (its mint in the feed first), then a whole pack.
    await t.db.delete(activity).where(eq(activity.packId, packs[2]!));
    await t.db.delete(tables.editions).where(eq(tables.editions.packId, packs[2]!));
    await t.db.update(tables.packs).set({ soldCount: 0 }).where(eq(tables.packs.id, packs[2]!));
    await t.db.delete(tables.orders).where(eq(tables.orders.packId, packs[2]!));
    await t.db.delete(tables.packs).where(eq(tables.packs.id, packs[2]!));
    expect(await counted(t)).toEqual(await recount(t));
    expect(await getMarketplaceStats(t.db)).toMatchObject({ uniqueSellers: 2, totalStickers: 2, totalSales: 2 });
  });
  it('leave out a pack the marketplace removed, with its editions, until it is restored; a ban likewise', async () => {
    const cleo = await createCreator(t);
    const dan = await createCreator(t);
    const buyers = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const taken = await insertPack(t.db, cleo.id, { price: '4', maxSupply: 3 });
    const kept = await insertPack(t.db, cleo.id, { price: '1', maxSupply: 3 });
    const dans = await insertPack(t.db, dan.id, { price: '2', maxSupply: 1 });
    await sellEdition(t.db, taken, buyers[0]!.id);
    await sellEdition(t.db, taken, buyers[1]!.id);
    await sellEdition(t.db, dans, buyers[2]!.id);
    const before = await getMarketplaceStats(t.db);
    const now = new Date();
    const operator = { operatorId: 4_242_001, note: '', now };

    await takeDownPack(t.db, { ...operator, packId: taken, reason: 'copyright' });
    expect(await counted(t)).toEqual(await recount(t));
    expect(await getMarketplaceStats(t.db)).toMatchObject({
      totalStickers: before.totalStickers - 1,
      // Active Listings counts open resale listings, and none of its editions was listed.
      totalListings: before.totalListings,
      totalSales: before.totalSales - 2,
      uniqueSellers: before.uniqueSellers,
    });
    // Changes while it is removed count nowhere, and the restore counts it as it is then.
    await t.db.update(tables.packs).set({ priceNano: 9n, maxSupply: 2 }).where(eq(tables.packs.id, taken));
    expect(await counted(t)).toEqual(await recount(t));
    await restorePack(t.db, { ...operator, packId: taken });
    expect(await counted(t)).toEqual(await recount(t));

    // A creator banned: every pack of theirs hidden, so they are no seller; the other packs stay counted.
    await banUser(t.db, { operatorId: 4_242_001, userId: dan.id, reason: 'fraud', now });
    expect(await counted(t)).toEqual(await recount(t));
    const banned = await getMarketplaceStats(t.db);
    expect(banned).toMatchObject({ uniqueSellers: before.uniqueSellers - 1, totalSales: before.totalSales - 1 });
    await sellEdition(t.db, kept, buyers[2]!.id);
    expect(await counted(t)).toEqual(await recount(t));
    await restorePack(t.db, { ...operator, packId: dans });
    expect(await counted(t)).toEqual(await recount(t));
    expect((await getMarketplaceStats(t.db)).uniqueSellers).toBe(before.uniqueSellers);
  });
  it('of a database with packs removed before the rule, are put right once by its migration', async () => {
    const eve = await createCreator(t);
    const buyer = await createUser(t);
    const gone = await insertPack(t.db, eve.id, { price: '3', maxSupply: 4 });
    await sellEdition(t.db, gone, buyer.id);
    // Removed as the desk removed packs before the counters read the status: the figures did not move.
    await t.db.execute(sql`alter table packs disable trigger packs_stats`);
    await t.db
      .update(tables.packs)
      .set({ status: 'removed', removedReason: 'scam', removedAt: new Date() })
      .where(eq(tables.packs.id, gone));
    await t.db.execute(sql`alter table packs enable trigger packs_stats`);
    expect(await counted(t)).not.toEqual(await recount(t));

    const migration = readFileSync(path.join(migrationsFolder, '0030_removed_packs_leave_the_figures.sql'), 'utf8');
    const corrections = migration.split('--> statement-breakpoint').filter((statement) => !/TRIGGER/.test(statement));
    expect(corrections).toHaveLength(4);
    for (const statement of corrections) await t.db.execute(sql.raw(statement));
    expect(await counted(t)).toEqual(await recount(t));
  });
});
