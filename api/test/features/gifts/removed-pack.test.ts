import { afterEach, beforeEach, expect, it } from 'vitest';
import { GIFT_ERRORS, OPS_ERRORS } from '@stickerdrop/shared';
import { restorePack, takeDownPack } from '@stickerdrop/core';
import { buildTestApp, describeEachDatabase, describePostgres, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { ownedEdition } from '../resale/fixtures.js';
import { editionRow, giftRow, onGift, outboxOf, sendGift } from './fixtures.js';

const OPERATOR = 4_242_001;

describeEachDatabase('gifts of a pack the marketplace removed', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  const takeDown = (packId: number, reason: 'copyright' | 'scam' = 'scam') =>
    takeDownPack(t.db, { operatorId: OPERATOR, packId, reason, note: '', now: t.clock.now });

  it('a takedown cancels the pending gift: the edition stays with its sender, a claim is refused with 409 and why', async () => {
    const { pack, seller, editionId } = await ownedEdition(t);
    const { gift } = await sendGift(t, seller, editionId, { note: 'For you' });
    const other = await ownedEdition(t, { pack });
    const untouched = await sendGift(t, other.seller, other.editionId);
    const elsewhere = await ownedEdition(t);
    const unrelated = await sendGift(t, elsewhere.seller, elsewhere.editionId);

    const result = await takeDown(pack.id);
    expect(result.market.gifts).toBe(2);
    expect(await giftRow(t, gift.code)).toMatchObject({ status: 'cancelled', recipientId: null });
    expect((await giftRow(t, untouched.gift.code)).status).toBe('cancelled');
    expect((await giftRow(t, unrelated.gift.code)).status).toBe('pending');

    const friend = await createUser(t);
    expect(await onGift(t, friend, gift.code, 'claim')).toMatchObject({
      statusCode: 409,
      error: GIFT_ERRORS.packRemoved,
    });
    expect((await editionRow(t, editionId)).ownerId).toBe(seller.id);
    expect(await outboxOf(t, 'gift_received')).toEqual([]);
    // The sender hears of the removal as an owner, once.
    const told = (await outboxOf(t, 'pack_removed')).filter((row) => row.payload['userId'] === seller.id);
    expect(told.map((row) => row.payload['role'])).toEqual(['owner']);
    // A gift of another pack is claimed as ever.
    expect((await onGift(t, friend, unrelated.gift.code, 'claim')).statusCode).toBe(200);
  });

  it('no gift is made of a removed pack’s edition, and a restore does not bring a cancelled gift back', async () => {
    const { pack, seller, editionId } = await ownedEdition(t);
    const { gift } = await sendGift(t, seller, editionId);
    await takeDown(pack.id);
    expect(await sendGift(t, seller, editionId)).toMatchObject({ statusCode: 409, error: OPS_ERRORS.packRemoved });

    await restorePack(t.db, { operatorId: OPERATOR, packId: pack.id, note: '', now: t.clock.now });
    const friend = await createUser(t);
    expect(await onGift(t, friend, gift.code, 'claim')).toMatchObject({ statusCode: 409, error: GIFT_ERRORS.closed });
    // Restored, the owner may gift it again, and that gift is claimed.
    const again = await sendGift(t, seller, editionId);
    expect(again.statusCode).toBe(201);
    expect((await onGift(t, friend, again.gift.code, 'claim')).statusCode).toBe(200);
    expect((await editionRow(t, editionId)).ownerId).toBe(friend.id);
  });
});

/** Real Postgres only: PGlite runs one transaction at a time and would hide the race. */
describePostgres('a claim racing a takedown', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind: 'postgres' });
  });
  afterEach(() => t.close());

  it('either the claim lands before the takedown or it is refused; never both, never a deadlock', async () => {
    const outcomes = new Set<number>();
    for (let round = 0; round < 8; round++) {
      const { pack, seller, editionId } = await ownedEdition(t);
      const { gift } = await sendGift(t, seller, editionId);
      const friend = await createUser(t);
      const [claim] = await Promise.all([
        onGift(t, friend, gift.code, 'claim'),
        takeDownPack(t.db, { operatorId: OPERATOR, packId: pack.id, reason: 'scam', note: '', now: t.clock.now }),
      ]);
      outcomes.add(claim.statusCode);
      const row = await giftRow(t, gift.code);
      const owner = (await editionRow(t, editionId)).ownerId;
      if (claim.statusCode === 200) {
        expect(row.status).toBe('claimed');
        expect(owner).toBe(friend.id);
      } else {
        expect(claim).toMatchObject({ statusCode: 409, error: GIFT_ERRORS.packRemoved });
        expect(row.status).toBe('cancelled');
        expect(owner).toBe(seller.id);
      }
    }
    expect([...outcomes].every((status) => status === 200 || status === 409)).toBe(true);
  });
});
