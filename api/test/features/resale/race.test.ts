import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { RESALE_ERRORS } from '@stickerdrop/shared';
import { listings, resaleLedger, tables } from '@stickerdrop/core/testing';
import { buildTestApp, describePostgres, type TestApp } from '../../helpers.js';
import { createUser, type TestUser } from '../../users.js';
import { authHeaders, createPack, demoPay } from '../orders/fixtures.js';
import { buyListing, ownedEdition, putOnSale } from './fixtures.js';

/** Real Postgres only: PGlite runs one transaction at a time and would hide every race here. */
describePostgres('resale under concurrency', () => {
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

  it('50 buyers racing for one listing: one reservation, 49 × 409', async () => {
    const { seller, editionId } = await ownedEdition(t);
    const { listing } = await putOnSale(t, seller, editionId, '2');
    const results = await Promise.all((await users(50)).map((buyer) => buyListing(t, buyer, listing.id)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(49);
    expect(new Set(refused.map((r) => `${r.statusCode} ${r.error}`))).toEqual(
      new Set([`409 ${RESALE_ERRORS.noLongerForSale}`]),
    );
    const orders = await t.db.select().from(tables.orders).where(eq(tables.orders.listingId, listing.id));
    expect(orders).toHaveLength(1);
  });

  it('a delist racing ten buyers: either the delist or one hold wins, never both', async () => {
    for (let round = 0; round < 5; round++) {
      const { seller, editionId } = await ownedEdition(t);
      const { listing } = await putOnSale(t, seller, editionId, '2');
      const headers = await authHeaders(t, seller);
      const delist = t.app.inject({ method: 'DELETE', url: `/api/editions/${editionId}/listing`, headers });
      const buys = (await users(10)).map((buyer) => buyListing(t, buyer, listing.id));
      const [delisted, ...bought] = await Promise.all([delist, ...buys]);
      const holds = bought.filter((r) => r.statusCode === 201);
      const [row] = await t.db.select().from(listings).where(eq(listings.id, listing.id));
      if (delisted!.statusCode === 204) {
        expect(holds).toHaveLength(0);
        expect(row!.status).toBe('cancelled');
      } else {
        expect(delisted!.statusCode).toBe(409);
        expect(delisted!.json()).toEqual({ error: RESALE_ERRORS.beingBought });
        expect(holds).toHaveLength(1);
        expect(row!.status).toBe('active');
      }
    }
  });

  it('100 buyers for 10 listings: 10 sales, one new owner per edition, the ledger adds up to the prices', async () => {
    const pack = await createPack(t, { priceNano: 1_000_000_000n });
    const listed: Array<{ listingId: number; editionId: number; price: bigint }> = [];
    for (let i = 0; i < 10; i++) {
      const owned = await ownedEdition(t, { pack, creatorWallet: i % 2 === 0 ? 3 : null });
      const price = `${i + 1}.37`;
      const { listing } = await putOnSale(t, owned.seller, owned.editionId, price);
      listed.push({
        listingId: listing.id,
        editionId: owned.editionId,
        price: BigInt(i + 1) * 1_000_000_000n + 370_000_000n,
      });
    }
    const buyers = await users(100);
    // Every buyer goes for a listing (ten per listing) and pays at once when they got it.
    const results = await Promise.all(
      buyers.map(async (buyer, i) => {
        const bought = await buyListing(t, buyer, listed[i % 10]!.listingId);
        if (bought.statusCode !== 201) return { buyer, bought, paid: undefined };
        return { buyer, bought, paid: await demoPay(t, buyer, bought.order.id) };
      }),
    );
    const sales = results.filter((r) => r.paid?.order.status === 'paid');
    expect(sales).toHaveLength(10);
    expect(results.filter((r) => r.bought.statusCode === 409)).toHaveLength(90);

    const editionIds = listed.map((l) => l.editionId);
    const editions = await t.db.select().from(tables.editions).where(inArray(tables.editions.id, editionIds));
    for (const edition of editions) {
      const winners = sales.filter((s) => s.bought.order.editionId === edition.id);
      expect(winners).toHaveLength(1);
      expect(edition.ownerId).toBe(winners[0]!.buyer.id);
    }
    const sold = await t.db
      .select()
      .from(listings)
      .where(
        inArray(
          listings.id,
          listed.map((l) => l.listingId),
        ),
      );
    expect(sold.map((l) => l.status)).toEqual(Array(10).fill('sold'));
    const legs = await t.db.select().from(resaleLedger);
    expect(legs).toHaveLength(30);
    const total = legs.reduce((sum, leg) => sum + leg.amountNano, 0n);
    expect(total).toBe(listed.reduce((sum, l) => sum + l.price, 0n));
    for (const sale of sales) {
      const own = legs.filter((leg) => leg.orderId === sale.bought.order.id);
      const price = listed.find((l) => l.listingId === sale.bought.order.listingId)!.price;
      expect(own.reduce((sum, leg) => sum + leg.amountNano, 0n)).toBe(price);
    }
  });
});
