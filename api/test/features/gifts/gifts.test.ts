import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  GIFT_ERRORS,
  GIFT_NOTE_MAX_LENGTH,
  RESALE_ERRORS,
  STARS_LOCK_TEXTS,
  starsLockEnd,
  type EditionDetail,
} from '@stickerdrop/shared';
import { activity, expireGifts, tables } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { makeOffer } from '../offers/fixtures.js';
import { buyListing, get, listingRow, ownedEdition, putOnSale, setWallet } from '../resale/fixtures.js';
import { editionRow, giftRow, onGift, outboxOf, sendGift } from './fixtures.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDatabase('gifts: send, claim, cancel, expire', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  it('sends an owned edition as a gift: an unguessable code, its t.me link, seven days, the listing closed', async () => {
    const { seller, editionId } = await ownedEdition(t);
    const { listing } = await putOnSale(t, seller, editionId, '4');
    const sent = await sendGift(t, seller, editionId, { note: 'Happy birthday 🎂', hideSender: false });
    expect(sent.statusCode).toBe(201);
    expect(sent.gift).toEqual({
      code: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      claimUrl: `https://t.me/stickerdrop_test_bot?startapp=gift_${sent.gift.code}`,
      expiresAt: new Date(t.clock.now.getTime() + 7 * DAY_MS).toISOString(),
      editionId,
    });
    expect((await listingRow(t, listing.id)).status).toBe('cancelled');
    const stranger = await createUser(t);
    expect(await sendGift(t, stranger, editionId)).toMatchObject({ statusCode: 403, error: RESALE_ERRORS.notOwner });
  });

  it('anyone signed in reads a gift: the pack, the serial, the note, the sender unless hidden, its state', async () => {
    const { pack, seller, editionId, serial } = await ownedEdition(t);
    const reader = await createUser(t, { firstName: 'Reader' });
    const { gift } = await sendGift(t, seller, editionId, { note: 'For you' });
    const read = await onGift(t, reader, gift.code, 'read');
    expect(read.statusCode).toBe(200);
    expect(read.gift).toMatchObject({
      code: gift.code,
      state: 'pending',
      pack: { id: pack.id },
      editionId,
      serial,
      note: 'For you',
      sender: { id: seller.id, name: `User ${seller.id}` },
      claimable: true,
      claimUrl: null,
    });
    expect((await onGift(t, seller, gift.code, 'read')).gift).toMatchObject({
      claimable: false,
      claimUrl: gift.claimUrl,
    });
    expect((await onGift(t, null, gift.code, 'read')).statusCode).toBe(401);
    expect(await onGift(t, reader, 'A'.repeat(22), 'read')).toMatchObject({
      statusCode: 404,
      error: GIFT_ERRORS.notFound,
    });
    expect(await onGift(t, reader, 'nope', 'read')).toMatchObject({ statusCode: 404, error: GIFT_ERRORS.notFound });

    const hidden = await ownedEdition(t);
    const secret = await sendGift(t, hidden.seller, hidden.editionId, { hideSender: true });
    expect((await onGift(t, reader, secret.gift.code, 'read')).gift!.sender).toBeNull();
  });

  it('refuses bad input with 4xx and changes nothing', async () => {
    const { seller, editionId } = await ownedEdition(t);
    const tooLong = await sendGift(t, seller, editionId, { note: 'x'.repeat(GIFT_NOTE_MAX_LENGTH + 1) });
    expect(tooLong).toMatchObject({ statusCode: 400, error: GIFT_ERRORS.noteTooLong });
    expect((await sendGift(t, seller, editionId, { note: 'x'.repeat(GIFT_NOTE_MAX_LENGTH) })).statusCode).toBe(201);
    const other = await ownedEdition(t);
    const hidden = await sendGift(t, other.seller, other.editionId, { note: 'a\u202Eb' });
    expect(hidden).toMatchObject({ statusCode: 400, error: 'note must not contain control characters' });
    expect((await sendGift(t, other.seller, other.editionId, { hideSender: 'yes' })).statusCode).toBe(400);
    expect(await sendGift(t, other.seller, 999999)).toMatchObject({
      statusCode: 404,
      error: RESALE_ERRORS.editionNotFound,
    });
    expect((await sendGift(t, other.seller, 'abc')).statusCode).toBe(404);
    const rows = await t.db.select().from(activity).where(eq(activity.editionId, other.editionId));
    expect(rows.map((row) => row.type)).toEqual(['mint']);
  });

  it('a pending gift holds its edition: no second gift, listing or offer (409); a held edition cannot be gifted', async () => {
    const { seller, editionId } = await ownedEdition(t);
    await sendGift(t, seller, editionId);
    expect(await sendGift(t, seller, editionId)).toMatchObject({ statusCode: 409, error: GIFT_ERRORS.pending });
    expect(await putOnSale(t, seller, editionId, '3')).toMatchObject({ statusCode: 409, error: GIFT_ERRORS.pending });
    const bidder = await createUser(t);
    expect(await makeOffer(t, bidder, { editionId, price: '2' })).toMatchObject({
      statusCode: 409,
      error: GIFT_ERRORS.pending,
    });

    const held = await ownedEdition(t);
    const { listing } = await putOnSale(t, held.seller, held.editionId, '3');
    expect((await buyListing(t, await createUser(t), listing.id)).statusCode).toBe(201);
    expect(await sendGift(t, held.seller, held.editionId)).toMatchObject({
      statusCode: 409,
      error: RESALE_ERRORS.beingBought,
    });
  });

  it('a claim moves the edition: provenance says gift, the Stars lock travels, both are told, the sender’s set goes', async () => {
    const { pack, seller, editionId } = await ownedEdition(t);
    // Paid in Stars a moment ago: still under the resale lock.
    await t.db
      .update(tables.editions)
      .set({ acquiredWith: 'stars', acquiredAt: t.clock.now })
      .where(eq(tables.editions.id, editionId));
    const before = await editionRow(t, editionId);
    const friend = await createUser(t, { firstName: 'Friend' });
    await setWallet(t, friend, 77);
    const { gift } = await sendGift(t, seller, editionId, { note: 'Enjoy' });
    t.clock.advance(60_000);

    expect(await onGift(t, seller, gift.code, 'claim')).toMatchObject({ statusCode: 400, error: GIFT_ERRORS.ownGift });
    const claimed = await onGift(t, friend, gift.code, 'claim');
    expect(claimed.statusCode).toBe(200);
    expect(claimed.gift).toMatchObject({ state: 'claimed', claimable: false });
    const after = await editionRow(t, editionId);
    expect(after).toMatchObject({
      ownerId: friend.id,
      acquiredWith: before.acquiredWith,
      acquiredAt: before.acquiredAt,
    });
    expect(await onGift(t, await createUser(t), gift.code, 'claim')).toMatchObject({
      statusCode: 409,
      error: GIFT_ERRORS.claimed,
    });

    const detail = (await get(t, `/api/editions/${editionId}`)).body as EditionDetail;
    expect(detail.history[0]).toMatchObject({
      type: 'gift',
      price: null,
      from: { id: seller.id },
      to: { id: friend.id, name: 'Friend' },
    });
    const received = await outboxOf(t, 'gift_received');
    expect(received).toEqual([
      {
        key: `gift-received:${(await giftRow(t, gift.code)).id}`,
        payload: expect.objectContaining({
          recipientId: friend.id,
          senderId: seller.id,
          note: 'Enjoy',
          packId: pack.id,
        }),
      },
    ]);
    expect((await outboxOf(t, 'gift_claimed')).map((row) => row.payload.recipientName)).toEqual(['Friend']);
    expect((await outboxOf(t, 'sticker_set_revoke')).map((row) => row.payload)).toEqual([
      { userId: seller.id, packId: pack.id },
    ]);
    // The lock came with it: the new owner may list it when the sender could have.
    const lockEnd = starsLockEnd(before.acquiredAt!, t.config.starsResaleLockDays);
    expect(await putOnSale(t, friend, editionId, '9')).toMatchObject({
      statusCode: 409,
      error: STARS_LOCK_TEXTS.lockedError(lockEnd),
    });
    t.clock.advance(lockEnd.getTime() - t.clock.now.getTime());
    expect((await putOnSale(t, friend, editionId, '9')).statusCode).toBe(201);
  });

  it('the sender cancels before a claim: the edition stays theirs and is free again; a stranger may not', async () => {
    const { seller, editionId } = await ownedEdition(t);
    const stranger = await createUser(t);
    const { gift } = await sendGift(t, seller, editionId);
    expect(await onGift(t, stranger, gift.code, 'cancel')).toMatchObject({
      statusCode: 403,
      error: GIFT_ERRORS.notSender,
    });
    expect((await onGift(t, seller, gift.code, 'cancel')).statusCode).toBe(204);
    expect((await onGift(t, stranger, gift.code, 'read')).gift!.state).toBe('cancelled');
    expect(await onGift(t, stranger, gift.code, 'claim')).toMatchObject({ statusCode: 409, error: GIFT_ERRORS.closed });
    expect(await onGift(t, seller, gift.code, 'cancel')).toMatchObject({ statusCode: 409, error: GIFT_ERRORS.closed });
    expect((await editionRow(t, editionId)).ownerId).toBe(seller.id);
    expect((await putOnSale(t, seller, editionId, '2')).statusCode).toBe(201);
  });

  it('unclaimed after GIFT_CLAIM_DAYS it returns to its sender by itself', async () => {
    const { seller, editionId } = await ownedEdition(t);
    const friend = await createUser(t);
    const { gift } = await sendGift(t, seller, editionId);
    t.clock.advance(7 * DAY_MS - 1);
    expect(await expireGifts(t.db, t.clock.now)).toBe(0);
    t.clock.advance(1);
    expect((await onGift(t, friend, gift.code, 'read')).gift!.state).toBe('expired');
    expect(await onGift(t, friend, gift.code, 'claim')).toMatchObject({ statusCode: 409, error: GIFT_ERRORS.closed });
    expect(await expireGifts(t.db, t.clock.now)).toBe(1);
    expect((await giftRow(t, gift.code)).status).toBe('expired');
    expect((await editionRow(t, editionId)).ownerId).toBe(seller.id);
    expect((await sendGift(t, seller, editionId)).statusCode).toBe(201);
  });

  it('follows GIFT_CLAIM_DAYS', async () => {
    await t.close();
    t = await buildTestApp({ kind, config: { giftClaimDays: 2 } });
    const { seller, editionId } = await ownedEdition(t);
    const { gift } = await sendGift(t, seller, editionId);
    expect(gift.expiresAt).toBe(new Date(t.clock.now.getTime() + 2 * DAY_MS).toISOString());
  });
});
