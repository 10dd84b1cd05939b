import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { API_ERRORS, LikeResponse, MESSAGES } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createCreator, createUser, type TestUser } from '../../users.js';
import { insertPack } from './fixtures.js';
import { tables } from '@stickerdrop/core/testing';

describeEachDatabase('POST /api/stickers/:id/like', (kind) => {
  let t: TestApp;
  let fan: TestUser;
  let packId: number;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    const creator = await createCreator(t);
    fan = await createUser(t);
    packId = await insertPack(t.db, creator.id);
  });
  afterAll(() => t.close());

  const like = (id: number | string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/stickers/${id}/like`, headers });

  async function stored(id: number): Promise<{ column: number; rows: number }> {
    const [pack] = await t.db.select({ likes: tables.packs.likes }).from(tables.packs).where(eq(tables.packs.id, id));
    const [rows] = await t.db.select({ n: count() }).from(tables.likes).where(eq(tables.likes.packId, id));
    return { column: pack!.likes, rows: Number(rows!.n) };
  }

  it('likes, then unlikes, keeping the count and the rows equal', async () => {
    const first = await like(packId, fan.headers);
    expect(first.statusCode).toBe(200);
    expect(LikeResponse.parse(first.json())).toEqual({ liked: true, likes: 1 });
    expect(await stored(packId)).toEqual({ column: 1, rows: 1 });

    const detail = await t.app.inject({ method: 'GET', url: `/api/stickers/${packId}`, headers: fan.headers });
    expect(detail.json()).toMatchObject({ isFavorite: true, likes: 1 });

    const second = await like(packId, fan.headers);
    expect(second.json()).toEqual({ liked: false, likes: 0 });
    expect(await stored(packId)).toEqual({ column: 0, rows: 0 });
    const row = await t.db
      .select()
      .from(tables.likes)
      .where(and(eq(tables.likes.userId, fan.id), eq(tables.likes.packId, packId)));
    expect(row).toEqual([]);
  });

  it('refuses a visitor with 401 and the SPEC text, and a bad token with the refresh 401', async () => {
    const res = await like(packId);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.likeRequiresLogin });
    const bad = await like(packId, { authorization: 'Bearer nope' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: API_ERRORS.invalidToken });
  });

  it('answers an unknown or malformed pack id with 404', async () => {
    for (const id of ['31337', 'x', '99999999999']) {
      const res = await like(id, fan.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: MESSAGES.packNotFound });
    }
  });

  it('stays consistent under concurrent likes from many users and repeated toggles by one', async () => {
    const target = await insertPack(t.db, fan.id);
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(t)));
    const results = await Promise.all(users.map((user) => like(target, user.headers)));
    expect(results.every((res) => res.statusCode === 200 && res.json().liked === true)).toBe(true);
    expect(await stored(target)).toEqual({ column: 12, rows: 12 });

    // Six concurrent toggles by one user: whatever the interleaving, an even number ends unliked.
    const toggles = await Promise.all(Array.from({ length: 6 }, () => like(target, fan.headers)));
    expect(toggles.filter((res) => res.json().liked).length).toBe(3);
    expect(await stored(target)).toEqual({ column: 12, rows: 12 });
  });
});
