import { afterEach, beforeEach, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PackListings } from '@stickerdrop/shared';
import { activity } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { createPack, demoPay } from '../orders/fixtures.js';
import { buyListing, get, ownedEdition, putOnSale } from './fixtures.js';

describeEachDatabase('resale: what everyone can read', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  it('listings, floor, cards, onResale, detail, provenance, activity pages, price history and collection', async () => {
    const pack = await createPack(t, { priceNano: 1_000_000_000n, title: 'Resold' });
    await createPack(t, { title: 'Never listed' });
    const a = await ownedEdition(t, { pack });
    const b = await ownedEdition(t, { pack });
    const c = await ownedEdition(t, { pack });
    const la = (await putOnSale(t, a.seller, a.editionId, '3')).listing;
    await putOnSale(t, b.seller, b.editionId, '2');
    await putOnSale(t, c.seller, c.editionId, '2');

    const listings = (await get(t, `/api/stickers/${pack.id}/listings`)).body;
    expect(listings).toMatchObject({ floorPrice: '2.00', count: 3 });
    // Price, then serial, ascending.
    expect(listings.items.map((i: { serial: number; price: string }) => [i.price, i.serial])).toEqual([
      ['2.00', 2],
      ['2.00', 3],
      ['3.00', 1],
    ]);
    expect(listings.items[0].seller).toEqual({
      id: b.seller.id,
      name: `User ${b.seller.id}`,
      username: `user${b.seller.id}`,
    });
    // Written by Postgres: exactly the schema's fields, the listing's time as the API writes it elsewhere.
    expect(PackListings.parse(listings)).toEqual(listings);
    expect(listings.items[2]).toMatchObject({ id: la.id, editionId: a.editionId, createdAt: la.createdAt });
    expect((await get(t, '/api/stickers/999999/listings')).statusCode).toBe(404);

    const all = (await get(t, '/api/stickers?sort=newest')).body.items;
    expect(
      all.map((p: { title: string; floorPrice: string | null; listedCount: number }) => [
        p.title,
        p.floorPrice,
        p.listedCount,
      ]),
    ).toEqual([
      ['Never listed', null, 0],
      ['Resold', '2.00', 3],
    ]);
    const onResale = (await get(t, '/api/stickers?onResale=1')).body.items;
    expect(onResale.map((p: { id: number }) => p.id)).toEqual([pack.id]);

    // Before any resale the last sale is the latest primary sale: #3 at the pack's price.
    expect((await get(t, `/api/stickers/${pack.id}`)).body.lastSale).toEqual({
      price: '1.00',
      serial: 3,
      at: t.clock.now.toISOString(),
    });

    // a's listing is bought: the floor stays 2, the last sale is 3 TON of #1.
    const buyer = await createUser(t);
    await demoPay(t, buyer, (await buyListing(t, buyer, la.id)).order.id);
    const detail = (await get(t, `/api/stickers/${pack.id}`)).body;
    expect(detail).toMatchObject({ floorPrice: '2.00', listedCount: 2, royaltyBps: 500 });
    expect(detail.lastSale).toEqual({ price: '3.00', serial: 1, at: t.clock.now.toISOString() });

    const edition = (await get(t, `/api/editions/${a.editionId}`)).body;
    expect(edition).toMatchObject({
      id: a.editionId,
      serial: 1,
      pack: { id: pack.id, title: 'Resold', maxSupply: 100 },
      owner: { id: buyer.id },
      listing: null,
    });
    expect(edition.history.map((h: { type: string }) => h.type)).toEqual(['sale', 'list', 'mint']);
    expect(edition.history[0]).toMatchObject({ from: { id: a.seller.id }, to: { id: buyer.id }, price: '3.00' });
    expect((await get(t, `/api/editions/${b.editionId}`)).body.listing).toEqual({
      id: expect.any(Number),
      price: '2.00',
    });
    expect((await get(t, '/api/editions/77777')).statusCode).toBe(404);
    expect((await get(t, '/api/editions/abc')).statusCode).toBe(404);

    // 3 mints, 3 lists, 1 sale: pages of 20 hold it all; the global feed names the pack.
    const feed = (await get(t, `/api/stickers/${pack.id}/activity`)).body;
    expect(feed.items.map((i: { type: string }) => i.type)).toEqual([
      'sale',
      'list',
      'list',
      'list',
      'mint',
      'mint',
      'mint',
    ]);
    expect(feed.nextCursor).toBeNull();
    expect(feed.items[0].pack).toBeUndefined();
    const global = (await get(t, '/api/activity')).body;
    expect(global.items[0]).toMatchObject({ type: 'sale', pack: { id: pack.id, title: 'Resold' } });

    const history = (await get(t, `/api/stickers/${pack.id}/price-history?days=30`)).body;
    expect(
      history.points.map((p: { kind: string; price: string; serial: number }) => [p.kind, p.price, p.serial]),
    ).toEqual([
      ['primary', '1.00', 1],
      ['primary', '1.00', 2],
      ['primary', '1.00', 3],
      ['resale', '3.00', 1],
    ]);
    expect((await get(t, `/api/stickers/${pack.id}/price-history?days=0`)).statusCode).toBe(400);

    const collection = (await get(t, '/api/collection', b.seller)).body;
    expect(collection[0]).toMatchObject({
      editionId: b.editionId,
      serial: 2,
      listing: { price: '2.00' },
      floorPrice: '2.00',
    });
    expect((await get(t, '/api/collection', buyer)).body[0]).toMatchObject({
      editionId: a.editionId,
      serial: 1,
      listing: null,
    });
  });

  it('activity pages with cursors, newest first, without overlap', async () => {
    const { seller, editionId, pack } = await ownedEdition(t);
    for (let i = 1; i <= 25; i++) await putOnSale(t, seller, editionId, `${i}`);
    const first = (await get(t, `/api/stickers/${pack.id}/activity`)).body;
    expect(first.items).toHaveLength(20);
    expect(first.items[0].price).toBe('25.00');
    const second = (await get(t, `/api/stickers/${pack.id}/activity?cursor=${first.nextCursor}`)).body;
    expect(second.items.map((i: { type: string; price: string }) => `${i.type} ${i.price}`)).toEqual([
      'reprice 5.00',
      'reprice 4.00',
      'reprice 3.00',
      'reprice 2.00',
      'list 1.00',
      'mint 1.00',
    ]);
    expect(second.nextCursor).toBeNull();
    expect((await get(t, `/api/activity?cursor=x`)).statusCode).toBe(400);
    expect((await get(t, '/api/stickers/999999/activity')).statusCode).toBe(404);
  });

  it('every feed is newest first by time, ties by the later written, back-dated entries in their place', async () => {
    const { seller, editionId, pack } = await ownedEdition(t);
    for (let i = 1; i <= 24; i++) await putOnSale(t, seller, editionId, `${i}`);
    const rows = await t.db.select().from(activity).orderBy(activity.id);
    expect(rows).toHaveLength(25);
    // Written in id order but dated otherwise: the mint months back, a reprice back-dated between two
    // others, and two entries at the same moment.
    const at = (days: number) => new Date(t.clock.now.getTime() - days * 24 * 60 * 60 * 1000);
    const dated = rows.map((row, i) => ({ id: row.id, at: at(i === 0 ? 90 : 30 - i) }));
    dated[24]!.at = at(15); // the 24.00 reprice goes between 14.00 (day 16) and 16.00 (day 14)
    dated[23]!.at = dated[22]!.at; // 22.00 and 23.00 at the same moment
    for (const row of dated) await t.db.update(activity).set({ at: row.at }).where(eq(activity.id, row.id));
    const expected = [...dated].sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id).map((row) => row.id);
    const priceOf = new Map(rows.map((row) => [row.id, row.priceNano]));
    const price = (id: number) => `${Number(priceOf.get(id)) / 1e9}.00`;

    for (const feed of [`/api/stickers/${pack.id}/activity`, '/api/activity']) {
      const first = (await get(t, feed)).body;
      const second = (await get(t, `${feed}?cursor=${first.nextCursor}`)).body;
      const items = [...first.items, ...second.items] as Array<{ price: string; at: string }>;
      expect(items.map((item) => item.price)).toEqual(expected.map(price));
      expect(items.map((item) => item.at)).toEqual(
        [...items.map((item) => item.at)].sort((a, b) => Date.parse(b) - Date.parse(a)),
      );
      expect(second.nextCursor).toBeNull();
    }
    const history = (await get(t, `/api/editions/${editionId}`)).body.history as Array<{ price: string }>;
    expect(history.map((item) => item.price)).toEqual(expected.slice(0, history.length).map(price));
  });

  it('a cursor of an unknown entry ends the feed', async () => {
    await ownedEdition(t);
    expect((await get(t, '/api/activity?cursor=987654')).body).toEqual({ items: [], nextCursor: null });
    expect((await get(t, '/api/stickers/999999/activity')).statusCode).toBe(404);
  });
});
