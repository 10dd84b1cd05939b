import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OFFER_ERRORS, RESALE_ERRORS } from '@stickerdrop/shared';
import { makeOffer } from '@stickerdrop/core';
import { offers, tables } from '@stickerdrop/core/testing';
import { insertPack, insertUser, purchase } from '../support/fixtures.js';
import { createHarness, type Harness } from '../support/harness.js';
import { callbackUpdate, telegramUser } from '../support/updates.js';

const OWNER = telegramUser(7_100_001, 'Olga', 'olga');
const BIDDER = 7_100_002;
const STRANGER = telegramUser(7_100_003, 'Stan', 'stan');

/** The Accept and Decline buttons of "New offer", pressed in the chat: real callback_query updates. */
describe('offer buttons in the chat', () => {
  let t: Harness;
  let editionId: number;
  let offerId: number;
  const message = () => ({ message_id: 501, date: 0, chat: { id: OWNER.id, type: 'private' }, text: 'New offer' });

  beforeEach(async () => {
    t = await createHarness({ offerTerms: { ton: null, feeBps: 250, starsLockDays: 21 } });
    const creator = await insertUser(t.db, { id: 7_100_000, isCreator: true });
    await insertUser(t.db, { id: OWNER.id, firstName: 'Olga', walletAddress: `0:${'71'.repeat(32)}` });
    await insertUser(t.db, { id: BIDDER, firstName: 'Ben' });
    await insertUser(t.db, { id: STRANGER.id, firstName: 'Stan' });
    const packId = await insertPack(t, creator, { title: 'Space Cats', maxSupply: 10 });
    const order = await purchase(t.db, OWNER.id, packId);
    const [edition] = await t.db.select().from(tables.editions).where(eq(tables.editions.orderId, order));
    editionId = edition!.id;
    const made = await makeOffer(t.db, {
      userId: BIDDER,
      editionId,
      price: '2',
      expiresInHours: 24,
      starsLockDays: 21,
      now: new Date(),
    });
    offerId = made.offer.id;
  });
  afterEach(() => t.close());

  const offerStatus = async () => (await t.db.select().from(offers).where(eq(offers.id, offerId)))[0]!.status;

  it('Accept makes the resale order for the bidder, removes the buttons and says until when the edition is held', async () => {
    await t.send(callbackUpdate(OWNER, message(), `offer:accept:${offerId}:${editionId}:2000000000`));
    expect(await offerStatus()).toBe('accepted');
    const [order] = await t.db.select().from(tables.orders).where(eq(tables.orders.offerId, offerId));
    expect(order).toMatchObject({ userId: BIDDER, editionId, amountNano: 2_000_000_000n, status: 'reserved' });
    expect(t.log.errors().map((entry) => [entry.msg, String((entry.obj as { err?: unknown }).err)])).toEqual([]);
    const methods = t.api.actions.map((call) => call.method);
    expect(methods).toEqual(['answerCallbackQuery', 'editMessageReplyMarkup', 'sendMessage']);
    const [, edit, reply] = t.api.actions;
    expect(edit!.params).toMatchObject({ chat_id: OWNER.id, message_id: 501, reply_markup: { inline_keyboard: [] } });
    expect(reply!.params.text).toMatch(/^Accepted\. The buyer has until \d{4}-\d\d-\d\d \d\d:\d\d UTC to pay/);
    expect(await t.db.select().from(tables.outbox).where(eq(tables.outbox.kind, 'offer_accepted'))).toHaveLength(1);
  });

  it('a refusal is an alert and changes nothing: not the owner, then no longer open after a decline', async () => {
    await t.send(callbackUpdate(STRANGER, message(), `offer:accept:${offerId}:${editionId}:2000000000`));
    expect(t.api.actions).toHaveLength(1);
    expect(t.api.actions[0]).toMatchObject({
      method: 'answerCallbackQuery',
      params: { text: RESALE_ERRORS.notOwner, show_alert: true },
    });
    await t.send(callbackUpdate(STRANGER, message(), `offer:decline:${offerId}`));
    expect(t.api.actions[1]!.params).toMatchObject({ text: RESALE_ERRORS.notOwner, show_alert: true });
    expect(await offerStatus()).toBe('open');

    await t.send(callbackUpdate(OWNER, message(), `offer:decline:${offerId}`));
    expect(await offerStatus()).toBe('declined');
    expect(t.api.actions.at(-1)!.params.text).toBe('Declined. The bidder has been told.');
    expect(await t.db.select().from(tables.outbox).where(eq(tables.outbox.kind, 'offer_declined'))).toHaveLength(1);

    const before = t.api.actions.length;
    await t.send(callbackUpdate(OWNER, message(), `offer:accept:${offerId}:${editionId}:2000000000`));
    expect(t.api.actions.slice(before)).toEqual([
      expect.objectContaining({
        method: 'answerCallbackQuery',
        params: expect.objectContaining({ text: OFFER_ERRORS.noLongerOpen, show_alert: true }),
      }),
    ]);
    expect(await t.db.select().from(tables.orders).where(eq(tables.orders.offerId, offerId))).toEqual([]);
  });

  it('an Accept showing an older price is refused with the new one: a bidder cannot lower an offer under it', async () => {
    await makeOffer(t.db, {
      userId: BIDDER,
      editionId,
      price: '0.5',
      expiresInHours: 24,
      starsLockDays: 21,
      now: new Date(),
    });
    await t.send(callbackUpdate(OWNER, message(), `offer:accept:${offerId}:${editionId}:2000000000`));
    await t.send(callbackUpdate(OWNER, message(), `offer:accept:${offerId}:${editionId}`));
    expect(t.api.actions.map((call) => [call.method, call.params.text, call.params.show_alert])).toEqual([
      ['answerCallbackQuery', OFFER_ERRORS.priceChanged('0.50'), true],
      ['answerCallbackQuery', OFFER_ERRORS.priceChanged('0.50'), true],
    ]);
    expect(await offerStatus()).toBe('open');
    expect(await t.db.select().from(tables.orders).where(eq(tables.orders.offerId, offerId))).toEqual([]);

    await t.send(callbackUpdate(OWNER, message(), `offer:accept:${offerId}:${editionId}:500000000`));
    expect(await offerStatus()).toBe('accepted');
  });

  it('where resale payments are not set up, Accept points to the app and accepts nothing', async () => {
    const bare = await createHarness({ offerTerms: null });
    try {
      await bare.send(callbackUpdate(OWNER, message(), `offer:accept:1:1`));
      expect(bare.api.actions).toEqual([
        expect.objectContaining({
          method: 'answerCallbackQuery',
          params: expect.objectContaining({ text: 'Offers can be accepted in the app here.', show_alert: true }),
        }),
      ]);
    } finally {
      await bare.close();
    }
  });
});
