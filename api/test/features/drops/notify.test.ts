import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DROP_ERRORS, MESSAGES } from '@stickerdrop/shared';
import { announceOpenedDrops, takeDownPack } from '@stickerdrop/core';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { authHeaders } from '../orders/fixtures.js';
import { dropPack, notify, subscriptionsOf } from './fixtures.js';
import { tables } from '@stickerdrop/core/testing';

const HOUR = 60 * 60 * 1000;

describeEachDatabase('fair drops: Notify me and the announcement', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  const dropOutbox = () => t.db.select().from(tables.outbox).where(eq(tables.outbox.kind, 'drop_opened'));

  it('subscribes and unsubscribes; the pack page says which; refusals: 401, 404, 409 for an open pack', async () => {
    const pack = await dropPack(t, { dropsAt: new Date(t.clock.now.getTime() + HOUR) });
    const onSale = await dropPack(t);
    const collector = await createUser(t);
    const detail = async () =>
      (await t.app.inject({ url: `/api/stickers/${pack.id}`, headers: await authHeaders(t, collector) })).json();

    expect(await notify(t, null, pack.id)).toMatchObject({ statusCode: 401 });
    expect(await notify(t, collector, 999_999)).toMatchObject({ statusCode: 404, error: MESSAGES.packNotFound });
    expect(await notify(t, collector, onSale.id)).toMatchObject({ statusCode: 409, error: DROP_ERRORS.alreadyOpen });
    expect(await notify(t, collector, 999_999, 'DELETE')).toMatchObject({ statusCode: 404 });

    expect(await detail()).toMatchObject({
      notifying: false,
      dropsAt: new Date(t.clock.now.getTime() + HOUR).toISOString(),
    });
    expect(await notify(t, collector, pack.id)).toMatchObject({ statusCode: 200, notifying: true });
    expect(await notify(t, collector, pack.id)).toMatchObject({ statusCode: 200, notifying: true });
    expect(await subscriptionsOf(t, pack.id)).toHaveLength(1);
    expect(await detail()).toMatchObject({ notifying: true });

    expect(await notify(t, collector, pack.id, 'DELETE')).toMatchObject({ statusCode: 200, notifying: false });
    expect(await subscriptionsOf(t, pack.id)).toHaveLength(0);
    expect(await detail()).toMatchObject({ notifying: false });
    expect(await notify(t, collector, pack.id, 'DELETE')).toMatchObject({ statusCode: 200, notifying: false });
  });

  it('when the drop opens, each subscriber gets one outbox message, once; later subscriptions are refused', async () => {
    const pack = await dropPack(t, { dropsAt: new Date(t.clock.now.getTime() + HOUR), title: 'Moon Drop' });
    const later = await dropPack(t, { dropsAt: new Date(t.clock.now.getTime() + 3 * HOUR) });
    const collectors = [await createUser(t), await createUser(t), await createUser(t)];
    for (const c of collectors) await notify(t, c, pack.id);
    await notify(t, collectors[0]!, later.id);

    expect(await announceOpenedDrops(t.db, t.clock.now)).toBe(0);
    expect(await dropOutbox()).toHaveLength(0);

    t.clock.advance(HOUR);
    expect(await announceOpenedDrops(t.db, t.clock.now)).toBe(1);
    const rows = await dropOutbox();
    expect(
      rows.map((r) => r.payload).sort((a, b) => (a as { userId: number }).userId - (b as { userId: number }).userId),
    ).toEqual(collectors.map((c) => ({ packId: pack.id, userId: c.id, title: 'Moon Drop' })));
    expect(new Set(rows.map((r) => r.dedupeKey))).toEqual(
      new Set(collectors.map((c) => `drop_opened:${pack.id}:${c.id}`)),
    );

    // Again, and again later: nothing more.
    expect(await announceOpenedDrops(t.db, t.clock.now)).toBe(0);
    t.clock.advance(HOUR);
    expect(await announceOpenedDrops(t.db, t.clock.now)).toBe(0);
    expect(await dropOutbox()).toHaveLength(3);
    expect(await notify(t, await createUser(t), pack.id)).toMatchObject({
      statusCode: 409,
      error: DROP_ERRORS.alreadyOpen,
    });

    t.clock.advance(HOUR);
    expect(await announceOpenedDrops(t.db, t.clock.now)).toBe(1);
    expect(await dropOutbox()).toHaveLength(4);
  });

  it('a drop nobody subscribed to is marked announced all the same', async () => {
    const pack = await dropPack(t, { dropsAt: new Date(t.clock.now.getTime() + HOUR) });
    t.clock.advance(2 * HOUR);
    expect(await announceOpenedDrops(t.db, t.clock.now)).toBe(1);
    const [row] = await t.db.select().from(tables.packs).where(eq(tables.packs.id, pack.id));
    expect(row!.dropAnnouncedAt).toEqual(t.clock.now);
    expect(await announceOpenedDrops(t.db, t.clock.now)).toBe(0);
  });
  it('a pack the marketplace removed takes no subscriptions (404) and its drop is not announced', async () => {
    const pack = await dropPack(t, { dropsAt: new Date(t.clock.now.getTime() + HOUR) });
    const collector = await createUser(t);
    expect(await notify(t, collector, pack.id)).toMatchObject({ statusCode: 200, notifying: true });
    await takeDownPack(t.db, { operatorId: 1, packId: pack.id, reason: 'scam', note: '', now: t.clock.now });
    expect(await notify(t, await createUser(t), pack.id)).toMatchObject({
      statusCode: 404,
      error: MESSAGES.packNotFound,
    });
    t.clock.advance(HOUR);
    expect(await announceOpenedDrops(t.db, t.clock.now)).toBe(0);
    expect(await dropOutbox()).toHaveLength(0);
  });
});
