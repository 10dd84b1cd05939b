import { afterAll, beforeAll, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { createViewCounter, type Database } from '@stickerdrop/core';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createCreator } from '../../users.js';
import { insertPack } from './fixtures.js';
import { tables } from '@stickerdrop/core/testing';

describeEachDatabase('createViewCounter', (kind) => {
  let t: TestApp;
  let a: number;
  let b: number;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    const creator = await createCreator(t);
    a = await insertPack(t.db, creator.id, { views: 10 });
    b = await insertPack(t.db, creator.id);
  });
  afterAll(() => t.close());

  const stored = async () => {
    const rows = await t.db
      .select({ id: tables.packs.id, views: tables.packs.views })
      .from(tables.packs)
      .where(inArray(tables.packs.id, [a, b]));
    return Object.fromEntries(rows.map((row) => [row.id === a ? 'a' : 'b', row.views]));
  };

  it('keeps views in memory until a flush adds them atomically', async () => {
    const views = createViewCounter(t.db, { flushMs: 60_000 });
    for (let i = 0; i < 3; i++) views.count(a);
    views.count(b);
    expect([views.pending(a), views.pending(b)]).toEqual([3, 1]);
    expect(await stored()).toEqual({ a: 10, b: 0 });
    await views.flush();
    expect(await stored()).toEqual({ a: 13, b: 1 });
    expect([views.pending(a), views.pending(b)]).toEqual([0, 0]);
    views.count(a);
    await views.stop();
    expect(await stored()).toEqual({ a: 14, b: 1 });
  });

  it('keeps the views of a failed write for the next flush', async () => {
    let fail = true;
    const flaky = {
      execute: (query: Parameters<Database['execute']>[0]) => {
        if (fail) return Promise.reject(new Error('database away'));
        return t.db.execute(query);
      },
    } as unknown as Database;
    const errors: unknown[] = [];
    const views = createViewCounter(flaky, { flushMs: 60_000, onError: (error) => errors.push(error) });
    views.count(b);
    views.count(b);
    await views.flush();
    expect(errors).toHaveLength(1);
    expect(views.pending(b)).toBe(2);
    fail = false;
    views.count(b);
    await views.stop();
    expect(views.pending(b)).toBe(0);
    expect((await stored()).b).toBe(4);
  });

  it('flushes on its interval', async () => {
    const views = createViewCounter(t.db, { flushMs: 20 });
    views.count(b);
    await expect.poll(async () => (await stored()).b, { timeout: 5_000 }).toBe(5);
    await views.stop();
  });
});
