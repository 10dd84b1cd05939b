import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acceptOffer, claimGift, declineOffer, giftEdition, makeOffer } from '@stickerdrop/core';
import { expireOffers, offers, tables } from '@stickerdrop/core/testing';
import { buildTestApp, type TestApp } from '../../../api/test/helpers.js';
import { BOT_USER, startFakeBotApi, type FakeBotApi } from '../../../api/test/fakes/bot-api.js';
import { insertPack, insertUser, purchase } from '../support/fixtures.js';
import { outboxWorker } from '../support/outbox-worker.js';

const CREATOR = 920;
const OWNER_A = 5201;
const OWNER_B = 5202;
const BIDDER = 5203;
type Keyboard = { inline_keyboard: Array<Array<{ text: string; url?: string; callback_data?: string }>> };

/** Offer messages, from the outbox rows to the chats: the owners' "New offer" with buttons, the bidder's outcomes. */
describe('offer messages', () => {
  let t: TestApp;
  let fake: FakeBotApi;
  let packId: number;
  const editions: number[] = [];

  beforeEach(async () => {
    t = await buildTestApp();
    fake = await startFakeBotApi();
    await insertUser(t.db, { id: CREATOR, isCreator: true });
    await insertUser(t.db, { id: OWNER_A, firstName: 'Ann' });
    await insertUser(t.db, { id: OWNER_B, firstName: 'Bob' });
    await insertUser(t.db, { id: BIDDER, firstName: 'Cy <3' });
    packId = await insertPack(t, CREATOR, { title: 'Space Cats', maxSupply: 10 });
    editions.length = 0;
    for (const owner of [OWNER_A, OWNER_B]) {
      const order = await purchase(t.db, owner, packId);
      const [edition] = await t.db.select().from(tables.editions).where(eq(tables.editions.orderId, order));
      editions.push(edition!.id);
    }
    await t.db.delete(tables.outbox);
  });
  afterEach(async () => {
    await fake.close();
    await t.close();
  });

  const sent = () => fake.callsTo('sendMessage').map((call) => call.params);

  it('"New offer: X TON for #N of <pack>" to the owner, with Accept and Decline; the bidder hears of acceptance with Pay', async () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const { offer } = await makeOffer(t.db, {
      userId: BIDDER,
      editionId: editions[1]!,
      price: '2.5',
      expiresInHours: 24,
      starsLockDays: 21,
      now,
    });
    const { worker } = outboxWorker(t, fake);
    await worker.drainOnce();
    const [toOwner] = sent();
    expect(toOwner).toMatchObject({ chat_id: OWNER_B, parse_mode: 'HTML' });
    expect(toOwner!.text).toBe(
      '<b>New offer: 2.50 TON for #2 of Space Cats</b>\nFrom Cy &lt;3, open until 2026-11-24 10:00 UTC.\n' +
        // 2.50 less the 5 % royalty and the 2.5 % fee.
        'You receive 2.3125 TON after the creator’s royalty and the fee.',
    );
    expect((toOwner!.reply_markup as Keyboard).inline_keyboard[0]).toEqual([
      { text: 'Accept', callback_data: `offer:accept:${offer.id}:${editions[1]}:2500000000` },
      { text: 'Decline', callback_data: `offer:decline:${offer.id}` },
    ]);

    const order = await acceptOffer(t.db, {
      userId: OWNER_B,
      offerId: offer.id,
      ton: null,
      feeBps: 250,
      starsLockDays: 21,
      now,
    });
    await worker.drainOnce();
    const toBidder = sent().at(-1)!;
    expect(toBidder).toMatchObject({ chat_id: BIDDER });
    expect(toBidder.text).toBe(
      '<b>Offer accepted:</b> #2 of Space Cats for 2.50 TON. Pay by 2026-11-23 10:15 UTC to make it yours.',
    );
    expect((toBidder.reply_markup as Keyboard).inline_keyboard[0]![0]).toEqual({
      text: 'Pay',
      url: `https://t.me/${BOT_USER.username}?startapp=order_${packId}_${order.id}`,
    });
  });

  it('each message is in its recipient’s language: a Russian owner’s "New offer" and buttons, a Russian bidder’s outcome', async () => {
    await t.db.update(tables.users).set({ language: 'ru' }).where(eq(tables.users.id, OWNER_B));
    await t.db.update(tables.users).set({ language: 'ru' }).where(eq(tables.users.id, BIDDER));
    const now = new Date('2026-11-23T10:00:00Z');
    const { offer } = await makeOffer(t.db, {
      userId: BIDDER,
      editionId: editions[1]!,
      price: '1234.5',
      expiresInHours: 24,
      starsLockDays: 21,
      now,
    });
    const { worker } = outboxWorker(t, fake);
    await worker.drainOnce();
    const [toOwner] = sent();
    expect(toOwner!.text).toBe(
      '<b>Новое предложение: 1\u00a0234,50 TON за № 2 «Space Cats»</b>\nОт Cy &lt;3, действует до 24 ноября 2026 г. в 10:00 UTC.\n' +
        'Вы получите 1\u00a0141,9125 TON за вычетом роялти автора и комиссии.',
    );
    expect((toOwner!.reply_markup as Keyboard).inline_keyboard[0]!.map((button) => button.text)).toEqual([
      'Принять',
      'Отклонить',
    ]);
    await declineOffer(t.db, { userId: OWNER_B, offerId: offer.id, now });
    await worker.drainOnce();
    expect(sent().at(-1)).toMatchObject({
      chat_id: BIDDER,
      text: 'Ваше предложение 1\u00a0234,50 TON за № 2 «Space Cats» отклонено.',
    });
  });

  it('a pack-wide offer goes to every holder, each Accept selling their own edition; decline and expiry reach the bidder', async () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const wide = await makeOffer(t.db, {
      userId: BIDDER,
      packId,
      price: '1',
      expiresInHours: 1,
      starsLockDays: 21,
      now,
    });
    const { worker } = outboxWorker(t, fake);
    await worker.drainOnce();
    const received = sent();
    expect(received.map((m) => m.chat_id).sort()).toEqual([OWNER_A, OWNER_B]);
    for (const [owner, serial, editionId] of [
      [OWNER_A, 1, editions[0]],
      [OWNER_B, 2, editions[1]],
    ] as const) {
      const message = received.find((m) => m.chat_id === owner)!;
      expect(message.text).toBe(
        '<b>New offer: 1.00 TON for any edition of Space Cats</b>\n' +
          `From Cy &lt;3, open until 2026-11-23 11:00 UTC.\n` +
          'You receive 0.925 TON after the creator’s royalty and the fee.\n' +
          `Accepting sells your #${serial}.`,
      );
      expect((message.reply_markup as Keyboard).inline_keyboard[0]![0]).toEqual({
        text: `Accept for #${serial}`,
        callback_data: `offer:accept:${wide.offer.id}:${editionId}:1000000000`,
      });
    }

    await declineOffer(t.db, { userId: OWNER_A, offerId: wide.offer.id, now });
    const single = await makeOffer(t.db, {
      userId: BIDDER,
      editionId: editions[0]!,
      price: '3',
      expiresInHours: 1,
      starsLockDays: 21,
      now,
    });
    await expireOffers(t.db, new Date(now.getTime() + 60 * 60 * 1000));
    await worker.drainOnce();
    const toBidder = sent()
      .filter((m) => m.chat_id === BIDDER)
      .map((m) => m.text);
    expect(toBidder).toEqual([
      'Your offer of 1.00 TON for any edition of Space Cats was declined.',
      'Your offer of 3.00 TON for #1 of Space Cats expired.',
    ]);
    expect(single.offer.status).toBe('open');
  });

  it('an edition that changes hands before the owner answers tells its bidder, once, that the offer is closed', async () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const terms = { userId: BIDDER, editionId: editions[1]!, price: '2.5', expiresInHours: 24, starsLockDays: 0, now };
    const { offer } = await makeOffer(t.db, terms);
    const friend = 5204;
    await insertUser(t.db, { id: friend, firstName: 'Dee' });
    const gift = await giftEdition(t.db, {
      userId: OWNER_B,
      editionId: editions[1]!,
      hideSender: false,
      claimDays: 7,
      now,
    });
    await claimGift(t.db, { code: gift.code, userId: friend, now });
    const { worker } = outboxWorker(t, fake);
    await worker.drainOnce();
    await worker.drainOnce();

    expect(sent().filter((message) => message.chat_id === BIDDER)).toEqual([
      expect.objectContaining({
        text: 'Your offer of 2.50 TON for #2 of Space Cats is closed: the edition changed hands.',
      }),
    ]);
    const [row] = await t.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(row?.status).toBe('lapsed');
  });
});
