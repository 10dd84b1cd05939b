import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STARS_LOCK_TEXTS, type CollectionItem, type EditionDetail } from '@stickerdrop/shared';
import { fulfilOrder } from '@stickerdrop/core';
import { listings, tables } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser, type TestUser } from '../../users.js';
import { createPack, insertOrder } from '../orders/fixtures.js';
import { RECEIVER } from '../payments/fixtures.js';
import { buyListing, get, putOnSale, setWallet } from './fixtures.js';

const DAY_MS = 24 * 60 * 60 * 1000;
// Half a minute past a minute: the lock's end is rounded up to the next whole minute.
const PAID_AT = new Date('2026-11-23T00:05:30.000Z');
const LOCK_END = new Date('2026-12-14T00:06:00.000Z');

/** An edition its owner bought (a primary sale) with `method`, settled by the one fulfilment every rail calls. */
async function paidEdition(t: TestApp, method: string): Promise<{ owner: TestUser; editionId: number }> {
  const pack = await createPack(t, { priceNano: 1_000_000_000n });
  const owner = await createUser(t);
  await setWallet(t, owner, 10 + (owner.id % 200));
  const orderId = await insertOrder(t, { userId: owner.id, packId: pack.id, paymentMethod: method });
  const result = await fulfilOrder(t.db, { orderId, paymentRef: `${method}-${orderId}`, now: t.clock.now });
  expect(result.outcome).toBe('fulfilled');
  const [edition] = await t.db.select().from(tables.editions).where(eq(tables.editions.orderId, orderId));
  return { owner, editionId: edition!.id };
}

async function editionRead(t: TestApp, editionId: number): Promise<EditionDetail> {
  const res = await get(t, `/api/editions/${editionId}`);
  expect(res.statusCode).toBe(200);
  return res.body as EditionDetail;
}

async function collectionRead(t: TestApp, owner: TestUser, editionId: number): Promise<CollectionItem> {
  const res = await get(t, '/api/collection', owner);
  return (res.body as CollectionItem[]).find((item) => item.editionId === editionId)!;
}

describeEachDatabase('Stars-safe editions: the resale lock', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({
      kind,
      config: { ton: { receiver: RECEIVER, indexerUrl: undefined, network: 'mainnet', usdRate: '5' } },
    });
    t.clock.now = new Date(PAID_AT);
  });
  afterEach(() => t.close());

  it('refuses to list a Stars edition until STARS_RESALE_LOCK_DAYS after its purchase, to the second', async () => {
    expect(t.config.starsResaleLockDays).toBe(21);
    const { owner, editionId } = await paidEdition(t, 'stars');
    expect(await editionRead(t, editionId)).toMatchObject({
      paidWith: 'stars',
      resellableFrom: LOCK_END.toISOString(),
    });
    expect(await collectionRead(t, owner, editionId)).toMatchObject({
      paidWith: 'stars',
      resellableFrom: LOCK_END.toISOString(),
    });

    t.clock.now = new Date(LOCK_END.getTime() - 1000);
    const early = await putOnSale(t, owner, editionId, '2');
    expect(early).toMatchObject({ statusCode: 409, error: 'This edition can be resold from 14 Dec 2026, 00:06 UTC' });
    expect(early.error).toBe(STARS_LOCK_TEXTS.lockedError(LOCK_END));
    expect(await t.db.select().from(listings)).toEqual([]);
    expect((await editionRead(t, editionId)).resellableFrom).toBe(LOCK_END.toISOString());

    t.clock.now = new Date(LOCK_END.getTime() + 1000);
    expect((await putOnSale(t, owner, editionId, '2')).statusCode).toBe(201);
    expect(await editionRead(t, editionId)).toMatchObject({ paidWith: 'stars', resellableFrom: null });
    expect(await collectionRead(t, owner, editionId)).toMatchObject({ paidWith: 'stars', resellableFrom: null });
  });

  it('is resellable exactly at the end of the lock', async () => {
    const { owner, editionId } = await paidEdition(t, 'stars');
    t.clock.now = new Date(LOCK_END);
    expect((await putOnSale(t, owner, editionId, '2')).statusCode).toBe(201);
  });

  it('checks the lock after who may list, so a stranger still learns only 403 and an unknown edition 404', async () => {
    const { editionId } = await paidEdition(t, 'stars');
    expect((await putOnSale(t, await createUser(t), editionId, '2')).statusCode).toBe(403);
    expect((await putOnSale(t, await createUser(t), editionId + 1000, '2')).statusCode).toBe(404);
  });

  it.each(['ton', 'stripe', 'demo'])('does not lock an edition paid with %s', async (method) => {
    const { owner, editionId } = await paidEdition(t, method);
    expect(await editionRead(t, editionId)).toMatchObject({ paidWith: method, resellableFrom: null });
    expect(await collectionRead(t, owner, editionId)).toMatchObject({ paidWith: method, resellableFrom: null });
    expect((await putOnSale(t, owner, editionId, '2')).statusCode).toBe(201);
  });

  it('does not lock an edition its owner bought on the resale market in TON', async () => {
    const { owner: first, editionId } = await paidEdition(t, 'stars');
    t.clock.now = new Date(LOCK_END.getTime() + DAY_MS);
    const { listing } = await putOnSale(t, first, editionId, '2');
    const second = await createUser(t);
    await setWallet(t, second, 201);
    const bought = await buyListing(t, second, listing.id, 'ton');
    expect(bought.statusCode, bought.error).toBe(201);
    const settled = await fulfilOrder(t.db, { orderId: bought.order.id, paymentRef: 'tx-resale', now: t.clock.now });
    expect(settled.outcome).toBe('fulfilled');

    expect(await editionRead(t, editionId)).toMatchObject({ paidWith: 'ton', resellableFrom: null });
    expect((await putOnSale(t, second, editionId, '3')).statusCode).toBe(201);
  });
});

describe('Stars-safe editions: STARS_RESALE_LOCK_DAYS', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('follows the setting (0 turns the lock off)', async () => {
    t = await buildTestApp({ config: { starsResaleLockDays: 0 } });
    const { owner, editionId } = await paidEdition(t, 'stars');
    expect(await editionRead(t, editionId)).toMatchObject({ paidWith: 'stars', resellableFrom: null });
    expect((await putOnSale(t, owner, editionId, '2')).statusCode).toBe(201);
  });

  it('a week-long lock ends a week after the purchase', async () => {
    t = await buildTestApp({ config: { starsResaleLockDays: 7 } });
    t.clock.now = new Date(PAID_AT);
    const { owner, editionId } = await paidEdition(t, 'stars');
    t.clock.now = new Date('2026-11-30T00:05:59.000Z');
    expect((await putOnSale(t, owner, editionId, '2')).error).toBe(
      'This edition can be resold from 30 Nov 2026, 00:06 UTC',
    );
    t.clock.now = new Date('2026-11-30T00:06:00.000Z');
    expect((await putOnSale(t, owner, editionId, '2')).statusCode).toBe(201);
  });
});
