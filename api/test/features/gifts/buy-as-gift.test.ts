import { afterEach, beforeEach, expect, it } from 'vitest';
import type { MyGifts } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { authHeaders, createPack, demoPay } from '../orders/fixtures.js';
import { get, ownedEdition, putOnSale } from '../resale/fixtures.js';
import { editionRow, giftRow, onGift, outboxOf } from './fixtures.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDatabase('buying as a gift', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  async function buyAsGift(user: Awaited<ReturnType<typeof createUser>>, body: Record<string, unknown>) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/marketplace/buy',
      headers: await authHeaders(t, user),
      payload: { paymentMethod: 'demo', asGift: true, ...body },
    });
    return res.json().order as { id: string };
  }

  it('a new edition: once paid it is the buyer’s pending gift, and the receipt carries its code', async () => {
    const pack = await createPack(t, { priceNano: 1_000_000_000n });
    const buyer = await createUser(t);
    const friend = await createUser(t);
    const order = await buyAsGift(buyer, { stickerId: pack.id });
    const unpaid = (await get(t, '/api/gifts/mine', buyer)).body as MyGifts;
    expect(unpaid.sent).toEqual([]);

    t.clock.advance(60_000);
    expect((await demoPay(t, buyer, order.id)).statusCode).toBe(200);
    const [receipt] = await outboxOf(t, 'purchase_receipt');
    const code = receipt!.payload.giftCode as string;
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await giftRow(t, code)).toMatchObject({
      status: 'pending',
      senderId: buyer.id,
      expiresAt: new Date(t.clock.now.getTime() + 7 * DAY_MS),
    });
    const mine = (await get(t, '/api/gifts/mine', buyer)).body as MyGifts;
    expect(mine.sent).toEqual([
      expect.objectContaining({
        code,
        state: 'pending',
        claimUrl: `https://t.me/stickerdrop_test_bot?startapp=gift_${code}`,
      }),
    ]);
    const editionId = mine.sent[0]!.editionId;
    expect((await editionRow(t, editionId)).ownerId).toBe(buyer.id);

    expect((await onGift(t, friend, code, 'claim')).statusCode).toBe(200);
    expect((await editionRow(t, editionId)).ownerId).toBe(friend.id);
    const theirs = (await get(t, '/api/gifts/mine', friend)).body as MyGifts;
    expect(theirs.received.map((gift) => gift.code)).toEqual([code]);
  });

  it('a listing: once paid the buyer holds it as a gift, with the code on the resale receipt only', async () => {
    const { seller, editionId } = await ownedEdition(t);
    const { listing } = await putOnSale(t, seller, editionId, '3');
    const buyer = await createUser(t);
    const order = await buyAsGift(buyer, { listingId: listing.id });
    expect((await demoPay(t, buyer, order.id)).statusCode).toBe(200);
    const [receipt] = await outboxOf(t, 'resale_receipt');
    const code = receipt!.payload.giftCode as string;
    expect((await outboxOf(t, 'resale_sold'))[0]!.payload.giftCode).toBeUndefined();
    expect(await giftRow(t, code)).toMatchObject({ status: 'pending', editionId, senderId: buyer.id });
    expect((await editionRow(t, editionId)).ownerId).toBe(buyer.id);
    expect((await putOnSale(t, buyer, editionId, '5')).statusCode).toBe(409);
  });

  it('"asGift" must be a boolean', async () => {
    const pack = await createPack(t, { priceNano: 1_000_000_000n });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/marketplace/buy',
      headers: await authHeaders(t, await createUser(t)),
      payload: { stickerId: pack.id, paymentMethod: 'demo', asGift: 'please' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.stringContaining('asGift') });
  });
});
