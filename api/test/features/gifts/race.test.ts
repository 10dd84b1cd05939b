import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { GIFT_ERRORS } from '@stickerdrop/shared';
import { activity } from '@stickerdrop/core/testing';
import { buildTestApp, describePostgres, type TestApp } from '../../helpers.js';
import { createUser, type TestUser } from '../../users.js';
import { ownedEdition } from '../resale/fixtures.js';
import { editionRow, giftRow, onGift, outboxOf, sendGift } from './fixtures.js';

/** Real Postgres only: PGlite runs one transaction at a time and would hide every race here. */
describePostgres('gifts under concurrency', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind: 'postgres' });
  });
  afterEach(() => t.close());

  const users = async (count: number): Promise<TestUser[]> => {
    const created: TestUser[] = [];
    for (let i = 0; i < count; i++) created.push(await createUser(t));
    return created;
  };

  it('claimers racing for one gift: one owner, the others 409, one provenance row, each told once', async () => {
    for (let round = 0; round < 3; round++) {
      const { seller, editionId } = await ownedEdition(t);
      const { gift } = await sendGift(t, seller, editionId);
      const claimers = await users(10);
      const results = await Promise.all(claimers.map((user) => onGift(t, user, gift.code, 'claim')));
      const winners = claimers.filter((_, i) => results[i]!.statusCode === 200);
      expect(winners).toHaveLength(1);
      expect(new Set(results.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.error}`))).toEqual(
        new Set([`409 ${GIFT_ERRORS.claimed}`]),
      );
      expect((await editionRow(t, editionId)).ownerId).toBe(winners[0]!.id);
      expect((await giftRow(t, gift.code)).recipientId).toBe(winners[0]!.id);
      const moves = await t.db.select().from(activity).where(eq(activity.editionId, editionId));
      expect(moves.filter((row) => row.type === 'gift')).toHaveLength(1);
    }
    expect(await outboxOf(t, 'gift_received')).toHaveLength(3);
  });

  it('a claim racing the sender’s cancel: one of them wins, and the edition is where the winner says', async () => {
    for (let round = 0; round < 8; round++) {
      const { seller, editionId } = await ownedEdition(t);
      const { gift } = await sendGift(t, seller, editionId);
      const [friend] = await users(1);
      const [claim, cancel] = await Promise.all([
        onGift(t, friend!, gift.code, 'claim'),
        onGift(t, seller, gift.code, 'cancel'),
      ]);
      const row = await giftRow(t, gift.code);
      const owner = (await editionRow(t, editionId)).ownerId;
      if (claim.statusCode === 200) {
        expect(cancel).toMatchObject({ statusCode: 409, error: GIFT_ERRORS.claimed });
        expect(row.status).toBe('claimed');
        expect(owner).toBe(friend!.id);
      } else {
        expect(cancel.statusCode).toBe(204);
        expect(claim).toMatchObject({ statusCode: 409, error: GIFT_ERRORS.closed });
        expect(row.status).toBe('cancelled');
        expect(owner).toBe(seller.id);
      }
    }
  });
});
