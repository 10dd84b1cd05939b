import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PackCard } from '@stickerdrop/shared';
import { getPackDetail, listPacks, listTrending } from '@stickerdrop/core';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createCreator, createUser, type TestUser } from '../../users.js';
import { ownedEdition, putOnSale } from '../resale/fixtures.js';
import { DAY_MS, insertPack } from './fixtures.js';
import { tables } from '@stickerdrop/core/testing';

/** The card fields of a detail, which Postgres writes with the listing cards' own SQL (`cardFieldsSql`). */
function cardOf(detail: Record<string, unknown> & { creator: { id: number; name: string; username: string | null } }) {
  const keys = Object.keys(PackCard.shape) as (keyof typeof PackCard.shape)[];
  const card = Object.fromEntries(keys.map((key) => [key, detail[key]]));
  return { ...card, creator: { id: detail.creator.id, name: detail.creator.name, username: detail.creator.username } };
}

/**
 * Listing and trending cards are written by Postgres (card-json.ts), the detail's card by `toPackCard` in
 * JS: for every kind of pack the two must be the same card, field for field.
 */
describeEachDatabase('pack cards written by Postgres equal the JS card', (kind) => {
  let t: TestApp;
  let viewer: TestUser;
  const now = new Date('2026-11-24T12:00:00.000Z');
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    const named = await createCreator(t, { username: 'named', displayName: 'Moon Fox' });
    const blank = await createCreator(t, { username: null, firstName: 'Zed', displayName: '   ' });
    viewer = await createUser(t);
    const at = (ms: number) => new Date(now.getTime() - ms);
    const odd = await insertPack(t.db, named.id, { title: 'Odd price', price: '1.234567891', tags: ['a', 'b "q"'] });
    await insertPack(t.db, blank.id, { title: 'Cover only', previewKey: null, category: 'retired-category' });
    const bare = await insertPack(t.db, blank.id, { title: 'No image', previewKey: null });
    // Just inside and just outside NEW_PACK_DAYS (7 days), and a creation time with microseconds.
    await insertPack(t.db, named.id, { title: 'Almost old', createdAt: at(7 * DAY_MS - 1) });
    await insertPack(t.db, named.id, { title: 'Just old', createdAt: at(7 * DAY_MS) });
    const micro = await insertPack(t.db, named.id, { title: 'Microseconds', description: 'línea\nnueva' });
    await t.db.execute(sql`update packs set created_at = '2026-11-20 10:11:12.345678+00',
      drops_at = '2026-12-01 00:00:00.999999+00', max_per_user = 2 where id = ${micro}`);
    await t.db.execute(sql`update packs set cover_key = 'test/cover.webp' where title = 'Cover only'`);
    await t.db.update(tables.packs).set({ coverKey: null }).where(eq(tables.packs.id, bare));
    await t.db.update(tables.packs).set({ trendingScore: 9, views: 12, likes: 1 }).where(eq(tables.packs.id, odd));
    await t.db.insert(tables.likes).values({ userId: viewer.id, packId: odd });
    // A pack on resale: its floor and count of buyable listings.
    const owned = await ownedEdition(t);
    await putOnSale(t, owned.seller, owned.editionId, '2.5');
  });
  afterAll(() => t.close());

  it('listing and trending cards, signed out and signed in, match the detail card of each pack', async () => {
    for (const viewerId of [null, viewer.id]) {
      const listed = (await listPacks(t.db, { search: '', sort: 'newest', limit: 50 }, now, viewerId)).items;
      const trending = await listTrending(t.db, 50, now, viewerId);
      expect(listed.length).toBe(7);
      expect(trending.map((card) => card.id).sort()).toEqual(listed.map((card) => card.id).sort());
      for (const card of [...listed, ...trending]) {
        const detail = await getPackDetail(t.db, card.id, viewerId, now);
        expect(card).toEqual(cardOf(detail!));
        expect(PackCard.parse(card)).toEqual(card);
      }
    }
  });

  it('covers the awkward cases it claims to', async () => {
    const cards = (await listPacks(t.db, { search: '', sort: 'newest', limit: 50 }, now, viewer.id)).items;
    const byTitle = new Map(cards.map((card) => [card.title, card]));
    expect(byTitle.get('Odd price')).toMatchObject({ price: '1.234567891', isFavorite: true, isTrending: true });
    expect(byTitle.get('Cover only')).toMatchObject({ category: 'general', imageUrl: '/files/test/cover.webp' });
    expect(byTitle.get('No image')).toMatchObject({ imageUrl: null, creator: { name: 'Zed', username: null } });
    expect(byTitle.get('Almost old')?.isNew).toBe(true);
    expect(byTitle.get('Just old')?.isNew).toBe(false);
    expect(byTitle.get('Microseconds')).toMatchObject({
      createdAt: '2026-11-20T10:11:12.345Z',
      dropsAt: '2026-12-01T00:00:00.999Z',
      maxPerUser: 2,
    });
    expect(cards.find((card) => card.floorPrice !== null)).toMatchObject({ floorPrice: '2.50', listedCount: 1 });
  });
});
