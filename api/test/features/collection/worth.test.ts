import { afterAll, beforeAll, expect, it } from 'vitest';
import { CollectionResponse, CollectionWorth } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createCreator, createUser, type TestUser } from '../../users.js';
import { insertPack, sellEdition } from '../packs/fixtures.js';
import { ownedEdition, putOnSale } from '../resale/fixtures.js';
import { createPack } from '../orders/fixtures.js';

describeEachDatabase("the collection's worth", (kind) => {
  let t: TestApp;
  let me: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    const creator = await createCreator(t);
    me = await createUser(t);
    // Still sold new at 3 TON: worth its new price. Bought at 2 before a price rise.
    const rising = await insertPack(t.db, creator.id, { title: 'Rising', price: '2' });
    await sellEdition(t.db, rising, me.id);
    await t.db.execute(`update packs set price_nano = 3000000000 where id = ${rising}`);
    // Sold out and nothing listed: no value today.
    const gone = await insertPack(t.db, creator.id, { title: 'Gone', price: '1.25', maxSupply: 1 });
    await sellEdition(t.db, gone, me.id);
    // Listed by someone else at 0.40, below the 1 TON I paid: worth the floor.
    const pack = await createPack(t, { title: 'Falling', priceNano: 1_000_000_000n, maxSupply: 2 });
    const theirs = await ownedEdition(t, { pack });
    await sellEdition(t.db, pack.id, me.id);
    expect((await putOnSale(t, theirs.seller, theirs.editionId, '0.4')).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const get = async (url: string, user?: TestUser) =>
    t.app.inject({ method: 'GET', url, headers: user ? user.headers : {} });

  it("values each edition at today's floor, else its new price, with the gain over what was paid", async () => {
    const items = CollectionResponse.parse((await get('/api/collection', me)).json());
    const byTitle = Object.fromEntries(items.map((item) => [item.title, [item.purchasePrice, item.value, item.gain]]));
    expect(byTitle).toEqual({
      Rising: ['2.00', '3.00', '1.00'],
      Gone: ['1.25', null, null],
      Falling: ['1.00', '0.40', '-0.60'],
    });
  });

  it('sums the collection: value and gain of the priced editions, everything paid, and how many have no value', async () => {
    const res = await get('/api/collection/worth', me);
    expect(res.statusCode).toBe(200);
    expect(CollectionWorth.parse(res.json())).toEqual({
      editions: 3,
      value: '3.40',
      paid: '4.25',
      gain: '0.40',
      unpriced: 1,
    });
  });

  it('is zero for an empty collection and refuses a visitor', async () => {
    const someone = await createUser(t);
    expect((await get('/api/collection/worth', someone)).json()).toEqual({
      editions: 0,
      value: '0.00',
      paid: '0.00',
      gain: '0.00',
      unpriced: 0,
    });
    const visitor = await get('/api/collection/worth');
    expect({ status: visitor.statusCode, hasError: typeof visitor.json().error }).toEqual({
      status: 401,
      hasError: 'string',
    });
  });
});
