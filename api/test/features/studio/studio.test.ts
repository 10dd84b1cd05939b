import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Profile, StudioResponse } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser, type TestUser } from '../../users.js';
import { authHeaders, createPack, demoPay } from '../orders/fixtures.js';
import { buyListing, ownedEdition, putOnSale, setWallet } from '../resale/fixtures.js';
import { tables } from '@stickerdrop/core/testing';

describeEachDatabase('creator studio: figures', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  const studio = async (user: TestUser) =>
    t.app.inject({ method: 'GET', url: '/api/studio', headers: await authHeaders(t, user) });

  /** A resale of `editionId` by `seller` at `price`, paid on the demo rail; the buyer is returned. */
  async function resell(seller: TestUser, editionId: number, price: string): Promise<TestUser> {
    const { listing } = await putOnSale(t, seller, editionId, price);
    const buyer = await createUser(t);
    const order = await buyListing(t, buyer, listing.id);
    await demoPay(t, buyer, order.order.id);
    return buyer;
  }

  it('refuses a visitor (401) and a collector (403)', async () => {
    const collector = await createUser(t);
    for (const url of ['/api/studio', '/api/studio/sales.csv']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const res = await t.app.inject({ method: 'GET', url, headers: await authHeaders(t, collector) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Only creators have a studio' });
    }
  });

  it('lists the creator’s packs with sales, revenue and royalties paid and owed, matching the ledger', async () => {
    // Two first-hand sales at 1 TON; one edition resold at 3.40 TON with the creator's wallet linked (paid),
    // then again at 2 TON after they unlinked it (owed). 10 % royalty.
    const first = await ownedEdition(t, { royaltyBps: 1000, creatorWallet: 1 });
    const { pack } = first;
    const second = await ownedEdition(t, { pack });
    const older = await createPack(t, { title: 'Quiet pack' });
    await t.db.update(tables.packs).set({ creatorId: pack.creator.id }).where(eq(tables.packs.id, older.id));
    await t.db
      .update(tables.packs)
      .set({ createdAt: new Date(t.clock.now.getTime() - 60_000) })
      .where(eq(tables.packs.id, older.id));
    const collector = await resell(first.seller, first.editionId, '3.40');
    await setWallet(t, pack.creator, null);
    await setWallet(t, collector, 77);
    await resell(collector, first.editionId, '2');

    const res = await studio(pack.creator);
    expect(res.statusCode).toBe(200);
    const body = StudioResponse.parse(res.json());
    expect(body.packs.map((p) => p.id)).toEqual([pack.id, older.id]);
    expect(body.packs[0]).toMatchObject({
      sold: 2,
      maxSupply: 100,
      revenue: '2.00',
      resales: 2,
      royaltiesPaid: '0.34',
      royaltiesOwed: '0.20',
      dropStatus: 'on_sale',
      royaltyBps: 1000,
    });
    expect(body.packs[1]).toMatchObject({ sold: 0, revenue: '0.00', resales: 0, royaltiesPaid: '0.00' });
    expect(body.totals).toEqual({ sold: 2, revenue: '2.00', resales: 2, royaltiesPaid: '0.34', royaltiesOwed: '0.20' });
    const today = t.clock.now.toISOString().slice(0, 10);
    expect(body.days).toEqual([{ day: today, sold: 2, revenue: '2.00', royalties: '0.54' }]);

    // The figures are the database's: paid primary orders and the royalty legs.
    const [row] = await t.db.select().from(tables.packs).where(eq(tables.packs.id, pack.id));
    expect(row!.soldCount).toBe(body.packs[0]!.sold);
    expect(second.serial).toBe(2);

    // Another creator sees only their own packs.
    const other = await createPack(t);
    const theirs = StudioResponse.parse((await studio(other.creator)).json());
    expect(theirs.packs.map((p) => p.id)).toEqual([other.id]);
  });

  it('the profile counts first-hand sales, resales and royalties apart, and purchases never drop', async () => {
    const { pack, seller, editionId } = await ownedEdition(t, { royaltyBps: 500, creatorWallet: 1 });
    const buyer = await resell(seller, editionId, '3.40');
    const profile = async (user: TestUser) =>
      Profile.parse(
        (await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: await authHeaders(t, user) })).json(),
      );
    // 3.40 TON: royalty 5 % = 0.17, fee 2.5 % = 0.085, the seller 3.145.
    expect(await profile(seller)).toMatchObject({
      stickersSold: 1,
      resales: 1,
      resaleProceeds: '3.145',
      totalEarnings: '3.145',
      stickersPurchased: 1,
      totalSpent: '1.00',
      primarySales: 0,
    });
    expect(await profile(pack.creator)).toMatchObject({
      stickersCreated: 1,
      stickersSold: 1,
      primarySales: 1,
      primaryRevenue: '1.00',
      royaltiesPaid: '0.17',
      royaltiesOwed: '0.00',
      totalEarnings: '1.17',
      stickersPurchased: 0,
    });
    expect(await profile(buyer)).toMatchObject({ stickersPurchased: 1, totalSpent: '3.40', stickersSold: 0 });
  });

  it('exports the sales and royalties as a CSV download', async () => {
    const { pack, seller, editionId } = await ownedEdition(t, { royaltyBps: 1000, creatorWallet: null });
    await t.db.update(tables.packs).set({ title: '=Cats, "the" best\nones' }).where(eq(tables.packs.id, pack.id));
    await resell(seller, editionId, '3.40');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/studio/sales.csv',
      headers: await authHeaders(t, pack.creator),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="stickerdrop-sales-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'date (ISO 8601 UTC),type,pack_id,pack_title,serial,sale_price_ton (dot decimal),your_amount_ton (dot decimal),status',
    );
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,/;
    expect(lines.slice(1).every((line) => line === '' || iso.test(line))).toBe(true);
    // The title is quoted (comma, quotes, line break) and kept from running as a spreadsheet formula.
    const title = `"'=Cats, ""the"" best\nones"`;
    expect(lines.slice(1).map((line) => line.replace(iso, 'DATE,'))).toEqual([
      `DATE,primary,${pack.id},${title},1,1.00,1.00,paid`,
      `DATE,resale,${pack.id},${title},1,3.40,0.34,owed`,
      '',
    ]);
  });
});
