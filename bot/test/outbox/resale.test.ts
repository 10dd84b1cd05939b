import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buyListing, delistEdition, fulfilOrder, listEdition } from '@stickerdrop/core';
import { buildTestApp, type TestApp } from '../../../api/test/helpers.js';
import { BOT_USER, startFakeBotApi, type FakeBotApi } from '../../../api/test/fakes/bot-api.js';
import { insertPack, insertUser, purchase } from '../support/fixtures.js';
import { outboxWorker } from '../support/outbox-worker.js';
import { tables } from '@stickerdrop/core/testing';

const CREATOR = 910;
const SELLER = 5151;
const BUYER = 6161;
type Keyboard = { inline_keyboard: Array<Array<{ text: string; url?: string }>> };

/** The seller lists the edition at 4 TON and the buyer reserves it on the demo rail (unpaid yet). */
async function reserveListed(t: TestApp, editionId: number, now: Date) {
  const { listing } = await listEdition(t.db, { userId: SELLER, editionId, price: '4', now, starsLockDays: 21 });
  const reserved = await buyListing(t.db, {
    userId: BUYER,
    listingId: listing.id,
    paymentMethod: 'demo',
    ton: null,
    feeBps: 250,
    now,
  });
  return reserved.order;
}

/** A paid resale, from the outbox rows to the three chats, and the seller's sticker set removed. */
describe('resale messages', () => {
  let t: TestApp;
  let fake: FakeBotApi;

  beforeEach(async () => {
    t = await buildTestApp();
    fake = await startFakeBotApi();
    await insertUser(t.db, { id: CREATOR, isCreator: true });
    await insertUser(t.db, { id: SELLER, firstName: 'Sam', walletAddress: `0:${'51'.repeat(32)}` });
    await insertUser(t.db, { id: BUYER, firstName: 'Bo' });
  });
  afterEach(async () => {
    await fake.close();
    await t.close();
  });

  it('tells the buyer, the seller (with the share) and the creator (royalty owed), and deletes the seller’s set', async () => {
    const packId = await insertPack(t, CREATOR, { title: 'Space Cats', stickers: 2 });
    const primary = await purchase(t.db, SELLER, packId);
    const [edition] = await t.db.select().from(tables.editions).where(eq(tables.editions.orderId, primary));
    // The seller had added the pack to Telegram.
    const tap = await t.app.inject({
      method: 'POST',
      url: `/api/stickers/${packId}/telegram-set`,
      headers: { authorization: `Bearer ${await t.app.deps.tokens.sign(SELLER)}` },
    });
    expect(tap.statusCode).toBe(202);
    const { worker } = outboxWorker(t, fake);
    await worker.drainOnce();
    const setName = (await t.db.select().from(tables.telegramStickerSets))[0]!.name;
    expect(fake.stickerSets.has(setName)).toBe(true);
    fake.calls.length = 0;

    const now = new Date();
    const order = await reserveListed(t, edition!.id, now);
    expect((await fulfilOrder(t.db, { orderId: order.id, paymentRef: `demo:${order.id}`, now })).outcome).toBe(
      'fulfilled',
    );
    await worker.drainOnce();

    const sent = fake.callsTo('sendMessage').map((call) => call.params);
    const to = (chat: number) => sent.find((message) => message.chat_id === chat)!;
    expect(to(BUYER).text).toContain('Space Cats — edition #1 of');
    expect(to(BUYER).text).toContain('Paid: 4.00 TON');
    expect(to(SELLER).text).toContain('You received 3.70 TON in your wallet (creator royalty 0.20, fee 0.10)');
    expect(to(CREATOR).text).toContain('your royalty of 0.20 TON is held for you');
    const button = (to(BUYER).reply_markup as Keyboard).inline_keyboard[0]![0]!;
    expect(button).toEqual({
      text: 'Open edition',
      url: `https://t.me/${BOT_USER.username}?startapp=edition_${edition!.id}`,
    });

    expect(fake.callsTo('deleteStickerSet').map((call) => call.params.name)).toEqual([setName]);
    expect(fake.stickerSets.has(setName)).toBe(false);
    expect(await t.db.select().from(tables.telegramStickerSets)).toEqual([]);
  });

  it('a held listing stays on sale: the seller cannot delist it, and a release queued before is still told', async () => {
    const packId = await insertPack(t, CREATOR, { title: 'Space Cats', stickers: 1 });
    const primary = await purchase(t.db, SELLER, packId);
    const [edition] = await t.db.select().from(tables.editions).where(eq(tables.editions.orderId, primary));
    const now = new Date();
    const order = await reserveListed(t, edition!.id, now);
    await expect(delistEdition(t.db, { userId: SELLER, editionId: edition!.id, now })).rejects.toMatchObject({
      code: 'edition_held',
    });
    const { worker } = outboxWorker(t, fake);
    await worker.drainOnce();
    expect(fake.messagesTo(BUYER)).toHaveLength(0);

    // A release queued by an earlier version, when a delist released holds, is still delivered.
    await t.db.insert(tables.outbox).values({
      kind: 'reservation_released',
      dedupeKey: `released:${order.id}`,
      payload: {
        orderId: order.id,
        packId,
        editionId: edition!.id,
        title: 'Space Cats',
        serial: edition!.serial,
        buyerId: BUYER,
      },
    });
    await worker.drainOnce();
    const [message] = fake.messagesTo(BUYER).map((call) => call.params);
    expect(message).toMatchObject({ chat_id: BUYER, parse_mode: 'HTML' });
    expect(message!.text).toBe(
      `The seller took Space Cats #${edition!.serial} off sale, so your reservation was released. ` +
        'Nothing was charged. If you had already sent a payment, send /paysupport and it will be returned.',
    );
    expect((message!.reply_markup as Keyboard).inline_keyboard[0]![0]).toMatchObject({ text: 'Open edition' });
  });
});
