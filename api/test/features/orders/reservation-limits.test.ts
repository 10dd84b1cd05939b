import { afterEach, beforeEach, expect, it } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import { RESERVATION_ERRORS } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { dropPack } from '../drops/fixtures.js';
import { buyListing, ownedEdition, putOnSale } from '../resale/fixtures.js';
import { buy, createPack, demoPay } from './fixtures.js';
import { tables } from '@stickerdrop/core/testing';

const MINUTE_MS = 60_000;

/** Unpaid reservations cannot squat supply. */
describeEachDatabase('reservations: cap, drop length and cooldown', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({
      kind,
      config: {
        reservations: { maxOpen: 2, dropMs: 5 * MINUTE_MS, cooldown: { maxLapsed: 2, windowMs: 60 * MINUTE_MS } },
      },
    });
  });
  afterEach(() => t.close());

  const live = async (userId: number) =>
    t.db
      .select()
      .from(tables.orders)
      .where(
        and(
          eq(tables.orders.userId, userId),
          eq(tables.orders.status, 'reserved'),
          gt(tables.orders.expiresAt, t.clock.now),
        ),
      );

  it('holds an account to RESERVATIONS_MAX_OPEN unpaid reservations, primary and resale alike', async () => {
    const [a, b, c] = [await createPack(t), await createPack(t), await createPack(t)];
    const buyer = await createUser(t);
    const first = await buy(t, buyer, a.id, 'demo');
    expect(first.statusCode).toBe(201);
    expect((await buy(t, buyer, b.id, 'demo')).statusCode).toBe(201);
    expect(await buy(t, buyer, c.id, 'demo')).toMatchObject({ statusCode: 409, error: RESERVATION_ERRORS.tooMany(2) });
    // Asking again for a pack already reserved gives the same reservation back.
    expect(await buy(t, buyer, a.id, 'demo')).toMatchObject({ statusCode: 200, order: { id: first.order.id } });
    const { listing } = await (async () => {
      const held = await ownedEdition(t);
      return putOnSale(t, held.seller, held.editionId, '2');
    })();
    expect(await buyListing(t, buyer, listing.id)).toMatchObject({
      statusCode: 409,
      error: RESERVATION_ERRORS.tooMany(2),
    });
    expect(await live(buyer.id)).toHaveLength(2);
    // Paying one frees a place.
    expect((await demoPay(t, buyer, first.order.id)).statusCode).toBe(200);
    expect((await buyListing(t, buyer, listing.id)).statusCode).toBe(201);
  });

  it('keeps the cap under a burst of buys at once: never more than RESERVATIONS_MAX_OPEN survive', async () => {
    const packs = await Promise.all(Array.from({ length: 8 }, () => createPack(t)));
    const buyer = await createUser(t);
    const answers = await Promise.all(packs.map((pack) => buy(t, buyer, pack.id, 'demo')));
    const created = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused.map((a) => `${a.statusCode} ${a.error}`)).toEqual(
      Array(refused.length).fill(`409 ${RESERVATION_ERRORS.tooMany(2)}`),
    );
    const survivors = await live(buyer.id);
    expect(survivors.length).toBeLessThanOrEqual(2);
    // Every 201 is a reservation still held; every withdrawn one was answered 409.
    expect(new Set(survivors.map((o) => o.id))).toEqual(new Set(created.map((a) => a.order.id)));
  });

  it("gives a drop's reservation DROP_RESERVATION_MINUTES instead of 15", async () => {
    const pack = await dropPack(t, { dropsAt: new Date(t.clock.now.getTime() - MINUTE_MS) });
    const ordinary = await createPack(t);
    const buyer = await createUser(t);
    const inDrop = await buy(t, buyer, pack.id, 'demo');
    const outside = await buy(t, buyer, ordinary.id, 'demo');
    expect(new Date(inDrop.order.expiresAt).getTime() - t.clock.now.getTime()).toBe(5 * MINUTE_MS);
    expect(new Date(outside.order.expiresAt).getTime() - t.clock.now.getTime()).toBe(15 * MINUTE_MS);
  });

  it('cools down an account that let RESERVATION_COOLDOWN reservations lapse, until the window passes', async () => {
    const packs = [await createPack(t), await createPack(t), await createPack(t)];
    const buyer = await createUser(t);
    const lapsedAt = new Date(t.clock.now.getTime() + 15 * MINUTE_MS);
    for (const pack of packs.slice(0, 2)) {
      expect((await buy(t, buyer, pack.id, 'demo')).statusCode).toBe(201);
    }
    t.clock.advance(16 * MINUTE_MS);
    const refused = await buy(t, buyer, packs[2]!.id, 'demo');
    const wait = Math.ceil((lapsedAt.getTime() + 60 * MINUTE_MS - t.clock.now.getTime()) / MINUTE_MS);
    expect(refused).toMatchObject({ statusCode: 429, error: RESERVATION_ERRORS.coolingDown(wait) });
    expect(await live(buyer.id)).toHaveLength(0);
    // Someone else is not affected, and the buyer may reserve again once the window has passed.
    expect((await buy(t, await createUser(t), packs[2]!.id, 'demo')).statusCode).toBe(201);
    t.clock.advance(wait * MINUTE_MS);
    expect((await buy(t, buyer, packs[2]!.id, 'demo')).statusCode).toBe(201);
  });
});
