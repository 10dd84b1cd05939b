import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CollectionResponse, parseTon } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createCreator, createUser } from '../../users.js';
import { DAY_MS, insertPack, sellEdition } from '../packs/fixtures.js';
import { tables } from '@stickerdrop/core/testing';
import { authHeaders, demoPay } from '../orders/fixtures.js';
import { buyListing, ownedEdition, putOnSale } from '../resale/fixtures.js';

describeEachDatabase('GET /api/collection', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  const collection = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/collection', headers });

  it('refuses a visitor with 401', async () => {
    const res = await collection();
    expect(res.statusCode).toBe(401);
    expect(typeof res.json().error).toBe('string');
  });

  it("lists the caller's editions newest first, with serials and the price paid", async () => {
    const creator = await createCreator(t, { firstName: 'Cleo', displayName: null });
    const me = await createUser(t);
    const someone = await createUser(t);
    const now = t.clock.now.getTime();
    const first = await insertPack(t.db, creator.id, { title: 'First', price: '1', tags: ['a', 'b'] });
    const second = await insertPack(t.db, creator.id, { title: 'Second', price: '2.5' });
    const third = await insertPack(t.db, creator.id, { title: 'Third', price: '0.75' });
    const untouched = await insertPack(t.db, creator.id, { title: 'Not mine' });
    await sellEdition(t.db, second, someone.id, new Date(now - 9 * DAY_MS));
    await sellEdition(t.db, first, me.id, new Date(now - 8 * DAY_MS));
    await sellEdition(t.db, third, me.id, new Date(now - 2 * DAY_MS));
    await sellEdition(t.db, second, me.id, new Date(now - DAY_MS));
    await sellEdition(t.db, untouched, someone.id, new Date(now - DAY_MS));
    // A later price change does not rewrite what was paid.
    await t.db
      .update(tables.packs)
      .set({ priceNano: parseTon('9')! })
      .where(eq(tables.packs.id, first));
    await t.db.insert(tables.likes).values({ userId: me.id, packId: third });

    const res = await collection(me.headers);
    expect(res.statusCode).toBe(200);
    const items = CollectionResponse.parse(res.json());
    expect(items.map((item) => [item.title, item.edition, item.purchasePrice, item.price])).toEqual([
      ['Second', 2, '2.50', '2.50'],
      ['Third', 1, '0.75', '0.75'],
      ['First', 1, '1.00', '9.00'],
    ]);
    expect(items.map((item) => item.purchasedAt)).toEqual([
      new Date(now - DAY_MS).toISOString(),
      new Date(now - 2 * DAY_MS).toISOString(),
      new Date(now - 8 * DAY_MS).toISOString(),
    ]);
    expect(items.map((item) => item.isFavorite)).toEqual([false, true, false]);
    expect(items[2]).toMatchObject({ tags: ['a', 'b'], creator: { name: 'Cleo' }, id: first });

    const theirs = CollectionResponse.parse((await collection(someone.headers)).json());
    expect(theirs.map((item) => item.title)).toEqual(['Not mine', 'Second']);
  });

  it('shows what a resale buyer paid, not the mint price', async () => {
    const { seller, editionId } = await ownedEdition(t);
    const { listing } = await putOnSale(t, seller, editionId, '3.40');
    const buyer = await createUser(t);
    const order = await buyListing(t, buyer, listing.id);
    await demoPay(t, buyer, order.order.id);
    const items = CollectionResponse.parse((await collection(await authHeaders(t, buyer))).json());
    expect(items.map((item) => [item.editionId, item.purchasePrice, item.price])).toEqual([
      [editionId, '3.40', '1.00'],
    ]);
    expect((await collection(await authHeaders(t, seller))).json()).toEqual([]);
  });

  it('is an empty list for someone who bought nothing', async () => {
    const nobody = await createUser(t);
    expect((await collection(nobody.headers)).json()).toEqual([]);
  });
});
