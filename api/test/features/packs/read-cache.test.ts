import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PackListResponse } from '@stickerdrop/shared';
import { createReadCache } from '@stickerdrop/core';
import { buildTestApp, type TestApp } from '../../helpers.js';
import { createCreator, createUser } from '../../users.js';
import { insertPack } from './fixtures.js';
import { tables } from '@stickerdrop/core/testing';

describe('createReadCache', () => {
  const clock = { now: new Date(0) };
  const now = () => clock.now;

  it('loads once per key while fresh, again after the ttl', async () => {
    const cache = createReadCache<number>({ ttlMs: 1_000, maxEntries: 10, now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    expect(await cache.get('b', load)).toBe(2);
    clock.now = new Date(999);
    expect(await cache.get('a', load)).toBe(1);
    clock.now = new Date(1_000);
    expect(await cache.get('a', load)).toBe(3);
  });

  it('forgets a failed load and evicts the oldest beyond its size', async () => {
    const cache = createReadCache<string>({ ttlMs: 1_000, maxEntries: 2, now });
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', async () => 'up')).toBe('up');
    await cache.get('y', async () => 'y');
    await cache.get('z', async () => 'z');
    expect(await cache.get('x', async () => 'reloaded')).toBe('reloaded');
  });

  it('is off at ttl 0', async () => {
    const cache = createReadCache<number>({ ttlMs: 0, maxEntries: 2, now });
    let loads = 0;
    await cache.get('a', async () => ++loads);
    await cache.get('a', async () => ++loads);
    expect(loads).toBe(2);
  });
});

describe('catalogue pages with the read cache on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { readCacheMs: 2_000 } });
  });
  afterAll(() => t.close());

  it('shares an anonymous page for the ttl, while favourites stay per caller and current', async () => {
    const creator = await createCreator(t);
    const fan = await createUser(t);
    const packId = await insertPack(t.db, creator.id, { title: 'Before' });
    const page = async (headers: Record<string, string> = {}) =>
      PackListResponse.parse((await t.app.inject({ method: 'GET', url: '/api/stickers', headers })).json()).items;

    expect((await page())[0]!.title).toBe('Before');
    await t.db.update(tables.packs).set({ title: 'After' }).where(eq(tables.packs.id, packId));
    expect((await page())[0]!.title).toBe('Before');

    const liked = await t.app.inject({ method: 'POST', url: `/api/stickers/${packId}/like`, headers: fan.headers });
    expect(liked.json()).toEqual({ liked: true, likes: 1 });
    expect((await page(fan.headers))[0]!.isFavorite).toBe(true);
    expect((await page())[0]!.isFavorite).toBe(false);

    t.clock.advance(2_000);
    expect((await page())[0]).toMatchObject({ title: 'After', likes: 1 });
  });
});
