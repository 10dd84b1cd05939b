import { afterEach, beforeEach, expect, it } from 'vitest';
import { ORDER_RESERVATION_MS, RESERVATION_ERRORS } from '@stickerdrop/shared';
import { type Database, fulfilOrder, reserveEdition } from '../../src/index.js';
import { assertMayReserve, confirmWithinOpenCap } from '../../src/reservations/policy.js';
import { tables } from '../../src/testing.js';
import { describeEachDatabase, freshDatabase, type TestDatabase } from '../support/db.js';
import { createUser, insertPack } from '../support/market.js';

const NOW = new Date('2026-03-01T12:00:00Z');
const POLICY = { maxOpen: 2, dropMs: 5 * 60_000, cooldown: { maxLapsed: 2, windowMs: 60 * 60_000 } };

describeEachDatabase('reservations: how many, how long, and the pause after unpaid ones', (kind) => {
  let handle: TestDatabase;
  let db: Database;
  let creator: number;
  beforeEach(async () => {
    handle = await freshDatabase(kind);
    db = handle.db;
    creator = await createUser(db, { isCreator: true });
  });
  afterEach(() => handle.close());

  const reserve = (userId: number, packId: number, now = NOW) =>
    reserveEdition(db, { userId, packId, paymentMethod: 'demo', reservations: POLICY, now });

  it('holds an edition 15 minutes, a drop’s for the shorter drop time', async () => {
    const buyer = await createUser(db);
    const plain = await reserve(buyer, await insertPack(db, creator));
    expect(plain.order.expiresAt.getTime() - NOW.getTime()).toBe(ORDER_RESERVATION_MS);
    const dropsAt = new Date(NOW.getTime() - 60_000);
    const drop = await reserve(await createUser(db), await insertPack(db, creator, { dropsAt }));
    expect(drop.order.expiresAt.getTime() - NOW.getTime()).toBe(POLICY.dropMs);
  });

  it('gives the buyer’s live reservation back instead of a second one', async () => {
    const buyer = await createUser(db);
    const pack = await insertPack(db, creator);
    const first = await reserve(buyer, pack);
    const again = await reserve(buyer, pack, new Date(NOW.getTime() + 60_000));
    expect([first.created, again.created]).toEqual([true, false]);
    expect(again.order.id).toBe(first.order.id);
  });

  it('refuses a reservation past RESERVATIONS_MAX_OPEN live ones; a paid one frees a place', async () => {
    const buyer = await createUser(db);
    const packs = [await insertPack(db, creator), await insertPack(db, creator), await insertPack(db, creator)];
    const { order } = await reserve(buyer, packs[0]!);
    await reserve(buyer, packs[1]!);
    await expect(reserve(buyer, packs[2]!)).rejects.toMatchObject({
      code: 'reservation_limit',
      message: RESERVATION_ERRORS.tooMany(2),
    });
    await fulfilOrder(db, { orderId: order.id, paymentRef: `demo:${order.id}`, now: NOW });
    expect((await reserve(buyer, packs[2]!)).created).toBe(true);
  });

  it('pauses an account that let reservations lapse unpaid, until the window passes', async () => {
    const buyer = await createUser(db);
    await reserve(buyer, await insertPack(db, creator));
    await reserve(buyer, await insertPack(db, creator));
    const afterLapse = new Date(NOW.getTime() + ORDER_RESERVATION_MS + 60_000);
    const next = await insertPack(db, creator);
    await expect(reserve(buyer, next, afterLapse)).rejects.toMatchObject({ code: 'reservation_cooldown' });
    const afterWindow = new Date(NOW.getTime() + ORDER_RESERVATION_MS + POLICY.cooldown.windowMs + 60_000);
    expect((await reserve(buyer, next, afterWindow)).created).toBe(true);
  });

  it('does not count the reservations withdrawn past the cap of a burst as unpaid ones', async () => {
    const buyer = await createUser(db);
    await reserve(buyer, await insertPack(db, creator));
    await reserve(buyer, await insertPack(db, creator));
    // Buys racing the first two: each reserved, then withdrawn when its confirmation counts three live.
    for (let i = 0; i < POLICY.cooldown.maxLapsed; i++) {
      const packId = await insertPack(db, creator);
      const [raced] = await db
        .insert(tables.orders)
        .values({
          userId: buyer,
          packId,
          paymentMethod: 'demo',
          amountNano: 1n,
          expiresAt: new Date(NOW.getTime() + 60_000),
        })
        .returning({ id: tables.orders.id });
      await expect(confirmWithinOpenCap(db, { id: raced!.id, userId: buyer }, POLICY, NOW)).rejects.toMatchObject({
        code: 'reservation_limit',
      });
    }

    await expect(assertMayReserve(db, buyer, NOW, POLICY)).rejects.toMatchObject({ code: 'reservation_limit' });
  });
});
