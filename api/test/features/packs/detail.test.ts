import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, PackDetail } from '@stickerdrop/shared';
import { getPackDetail, packRating } from '@stickerdrop/core';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createCreator, createUser, type TestUser } from '../../users.js';
import { insertPack, sellEdition } from './fixtures.js';
import { tables } from '@stickerdrop/core/testing';

describeEachDatabase('GET /api/stickers/:id', (kind) => {
  let t: TestApp;
  let creator: TestUser;
  let owner: TestUser;
  let stranger: TestUser;
  let packId: number;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    creator = await createCreator(t, { username: 'inkwell', firstName: 'Ina', displayName: 'Ink Well' });
    owner = await createUser(t);
    stranger = await createUser(t);
    const second = await createUser(t);
    packId = await insertPack(t.db, creator.id, {
      title: 'Night Owls',
      description: 'Hoot',
      price: '2.5',
      maxSupply: 10,
      previewKey: 'p/owl-preview.webp',
      stickers: ['p/owl-1.webp', 'p/owl-2.webp', 'p/owl-3.webp'],
    });
    const other = await insertPack(t.db, creator.id, { title: 'Other', maxSupply: 5 });
    await sellEdition(t.db, packId, second.id);
    await sellEdition(t.db, packId, owner.id);
    await sellEdition(t.db, other, owner.id);
    await t.db.insert(tables.likes).values([
      { userId: owner.id, packId },
      { userId: stranger.id, packId },
    ]);
    await t.db.update(tables.packs).set({ likes: 2 });
  });
  afterAll(() => t.close());

  const get = (id: number | string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/stickers/${id}`, headers });

  it('shows an owner the whole pack with their serial and the download link', async () => {
    const res = await get(packId, owner.headers);
    expect(res.statusCode).toBe(200);
    // Written by Postgres and completed by the API: exactly the fields the schema names, no more (`removed`
    // only for a pack the marketplace took down).
    const named = Object.keys(PackDetail.shape).filter((key) => key !== 'removed');
    expect(Object.keys(res.json()).sort()).toEqual(named.sort());
    const detail = PackDetail.parse(res.json());
    expect(detail).toMatchObject({
      id: packId,
      title: 'Night Owls',
      description: 'Hoot',
      price: '2.50',
      imageUrl: '/files/p/owl-preview.webp',
      previewUrl: '/files/p/owl-preview.webp',
      creator: { id: creator.id, name: 'Ink Well', username: 'inkwell', stats: { totalStickers: 2, totalSales: 3 } },
      owners: 2,
      stickersCount: 3,
      // An owner gets each full file as a signed link beside its preview.
      stickers: [1, 2, 3].map((n) => ({
        previewUrl: `/files/previews/p/owl-${n}.webp`,
        fileUrl: expect.stringMatching(new RegExp(`^/files/p/owl-${n}\\.webp\\?expires=\\d+&signature=[\\w-]{43}$`)),
      })),
      maxSupply: 10,
      soldCount: 2,
      sales: 2,
      likes: 2,
      isOwned: true,
      edition: 2,
      isFavorite: true,
      downloadUrl: `/api/stickers/${packId}/download`,
    });
    expect(detail.rating).toBeGreaterThan(0);
    expect(detail.rating).toBeLessThanOrEqual(5);
  });

  it('gives no download link, serial or full files to a signed-in non-owner or a visitor: previews only', async () => {
    const previewsOnly = [1, 2, 3].map((n) => ({
      previewUrl: `/files/previews/p/owl-${n}.webp`,
      // Static stickers have nothing that moves to preview.
      motionPreviewUrl: null,
      fileUrl: null,
      format: 'static',
      emoji: ['🎨'],
      keywords: [],
    }));
    const mine = PackDetail.parse((await get(packId, stranger.headers)).json());
    expect(mine).toMatchObject({ isOwned: false, edition: null, downloadUrl: null, isFavorite: true });
    expect(mine.stickers).toEqual(previewsOnly);
    const anonymous = PackDetail.parse((await get(packId)).json());
    expect(anonymous).toMatchObject({ isOwned: false, edition: null, downloadUrl: null, isFavorite: false });
    expect(anonymous.stickers).toEqual(previewsOnly);
  });

  it("gives the pack's creator the full files too, without an edition", async () => {
    const detail = PackDetail.parse((await get(packId, creator.headers)).json());
    expect(detail.isOwned).toBe(false);
    expect(detail.stickers.map((sticker) => sticker.fileUrl?.split('?')[0])).toEqual(
      [1, 2, 3].map((n) => `/files/p/owl-${n}.webp`),
    );
  });

  it('counts a view once per viewer and day, also under concurrent requests, and writes them to the pack', async () => {
    const day = 24 * 60 * 60 * 1000;
    const read = async (headers?: Record<string, string>) => PackDetail.parse((await get(packId, headers)).json());
    const before = (await read()).views;
    // 200 anonymous reloads from one address seen already, then three new signed-in viewers (one twice).
    await Promise.all(Array.from({ length: 200 }, () => get(packId)));
    const [a, b, c] = [await createUser(t), await createUser(t), await createUser(t)];
    for (const viewer of [a, b, c, a]) await read(viewer.headers);
    const today = await read();
    expect(today.views).toBe(before + 3);
    // The rating is made of the views as shown, counted and not yet written.
    expect(today.rating).toBe(packRating(today));
    // The next day the same address counts again, once.
    t.clock.advance(day);
    expect((await read()).views).toBe(before + 4);
    expect((await read()).views).toBe(before + 4);
    const after = (await read()).views;
    const stored = async () =>
      (await t.db.select({ views: tables.packs.views }).from(tables.packs).where(eq(tables.packs.id, packId)))[0]!
        .views;
    await expect.poll(stored, { timeout: 5_000 }).toBe(after);
  });

  it('answers unknown, non-numeric and out-of-range ids with 404 and the SPEC text', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1.5', '1e3', '99999999999', '9007199254740993']) {
      const res = await get(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ error: MESSAGES.packNotFound });
    }
  });

  it('getPackDetail reads without counting a view', async () => {
    const before = (await getPackDetail(t.db, packId, null))!.views;
    await getPackDetail(t.db, packId, owner.id);
    expect((await getPackDetail(t.db, packId, null))!.views).toBe(before);
    expect(await getPackDetail(t.db, 424242, null)).toBeNull();
  });
});
