import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TrendingResponse } from '@stickerdrop/shared';
import { silentLogger, trendingRefresher } from '@stickerdrop/core';
import { refreshTrendingScores, tables } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createCreator, createUser, type TestUser } from '../../users.js';
import { DAY_MS, insertPack, sellEdition } from './fixtures.js';
import { countingClock, letPassesGoBy } from '../../jobs/control-job.js';

describeEachDatabase('trending', (kind) => {
  let t: TestApp;
  let fan: TestUser;
  const id: Record<string, number> = {};
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    const creator = await createCreator(t);
    fan = await createUser(t);
    const now = t.clock.now.getTime();
    const recent = new Date(now - DAY_MS);
    const old = new Date(now - 10 * DAY_MS);
    const buyers = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    for (const name of ['hushed', 'oldSales', 'liked', 'viewed', 'oldLike', 'soldOnce', 'glanced', 'peeked', 'hot']) {
      id[name] = await insertPack(t.db, creator.id, { title: name });
    }
    // hot: 2 recent sales → 20. oldSales: 5 sales 10 days ago → 0. soldOnce: 1 recent sale → 10.
    await sellEdition(t.db, id.hot!, buyers[0]!.id, recent);
    await sellEdition(t.db, id.hot!, buyers[1]!.id, recent);
    for (const buyer of buyers.slice(0, 5)) await sellEdition(t.db, id.oldSales!, buyer.id, old);
    await sellEdition(t.db, id.soldOnce!, buyers[2]!.id, recent);
    // liked: 3 likes this week → 3×3 + 3 = 12. oldLike: 1 like 10 days ago → 1.
    await t.db
      .insert(tables.likes)
      .values([
        ...buyers.slice(0, 3).map((buyer) => ({ userId: buyer.id, packId: id.liked!, createdAt: recent })),
        { userId: fan.id, packId: id.oldLike!, createdAt: old },
      ]);
    await t.db.update(tables.packs).set({ likes: 3 }).where(eq(tables.packs.id, id.liked!));
    await t.db.update(tables.packs).set({ likes: 1 }).where(eq(tables.packs.id, id.oldLike!));
    // viewed: ln(1001) ≈ 6.9; peeked: ln(4) ≈ 1.39; glanced: ln(2) ≈ 0.69; hushed: 0.
    await t.db.update(tables.packs).set({ views: 1000 }).where(eq(tables.packs.id, id.viewed!));
    await t.db.update(tables.packs).set({ views: 3 }).where(eq(tables.packs.id, id.peeked!));
    await t.db.update(tables.packs).set({ views: 1 }).where(eq(tables.packs.id, id.glanced!));
  });
  afterAll(() => t.close());

  const trending = async (query = '', headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/stickers/trending/list${query}`, headers });
    expect(res.statusCode).toBe(200);
    return TrendingResponse.parse(res.json());
  };

  it('scores by the documented formula', async () => {
    expect(await refreshTrendingScores(t.db, t.clock.now)).toBeGreaterThan(0);
    const rows = await t.db.select({ id: tables.packs.id, score: tables.packs.trendingScore }).from(tables.packs);
    const score = (name: string) => rows.find((row) => row.id === id[name])!.score;
    expect(score('hot')).toBe(20);
    expect(score('liked')).toBe(12);
    expect(score('soldOnce')).toBe(10);
    expect(score('viewed')).toBeCloseTo(Math.log(1001), 5);
    expect(score('oldLike')).toBe(1);
    expect(score('oldSales')).toBe(0);
    expect(score('hushed')).toBe(0);
  });

  it('writes nothing when no score changed', async () => {
    expect(await refreshTrendingScores(t.db, t.clock.now)).toBe(0);
  });

  it('ranks by score, badges only the top six with a score, fills with unscored packs', async () => {
    const cards = await trending('?limit=9');
    expect(cards.map((card) => card.title)).toEqual([
      'hot',
      'liked',
      'soldOnce',
      'viewed',
      'peeked',
      'oldLike',
      'glanced',
      'oldSales',
      'hushed',
    ]);
    expect(cards.map((card) => card.isTrending)).toEqual([true, true, true, true, true, true, false, false, false]);
    expect(cards[0]).toMatchObject({ sales: 2, soldCount: 2 });
  });

  it('gives six by default and marks the caller favourites', async () => {
    const cards = await trending('', fan.headers);
    expect(cards).toHaveLength(6);
    expect(cards.filter((card) => card.isFavorite).map((card) => card.title)).toEqual(['oldLike']);
    expect((await trending()).some((card) => card.isFavorite)).toBe(false);
  });

  it('ages sales out of the window', async () => {
    t.clock.advance(7 * DAY_MS);
    await refreshTrendingScores(t.db, t.clock.now);
    const [hot] = await t.db
      .select({ score: tables.packs.trendingScore })
      .from(tables.packs)
      .where(eq(tables.packs.id, id.hot!));
    expect(hot!.score).toBe(0);
    t.clock.advance(-7 * DAY_MS);
    await refreshTrendingScores(t.db, t.clock.now);
  });

  it.each(['?limit=0', '?limit=51', '?limit=x'])('rejects %s with 400', async (query) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/stickers/trending/list${query}` });
    expect(res.statusCode).toBe(400);
  });

  it('the refresher runs at once and on its interval, and stops', async () => {
    await t.db.execute(sql`update packs set trending_score = 0`);
    const clock = countingClock(() => t.clock.now);
    const refresher = trendingRefresher(t.db, { every: 25, now: clock.now, log: silentLogger });
    refresher.start();
    const scoreOfHot = async () =>
      (await t.db.select({ s: tables.packs.trendingScore }).from(tables.packs).where(eq(tables.packs.id, id.hot!)))[0]!
        .s;
    await expect.poll(scoreOfHot, { timeout: 5_000 }).toBe(20);
    await t.db.execute(sql`update packs set trending_score = 0`);
    await expect.poll(scoreOfHot, { timeout: 5_000 }).toBe(20);
    await refresher.stop();
    const passesAtStop = clock.reads();
    await t.db.execute(sql`update packs set trending_score = 0`);
    await letPassesGoBy(25);
    expect(clock.reads()).toBe(passesAtStop);
    expect(await scoreOfHot()).toBe(0);
  });
});
