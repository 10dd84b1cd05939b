import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buyPack, claimGift, fulfilOrder, giftEdition } from '@stickerdrop/core';
import { gifts, tables } from '@stickerdrop/core/testing';
import { buildTestApp, type TestApp } from '../../../api/test/helpers.js';
import { BOT_USER, startFakeBotApi, type FakeBotApi } from '../../../api/test/fakes/bot-api.js';
import { insertPack, insertUser, purchase } from '../support/fixtures.js';
import { outboxWorker } from '../support/outbox-worker.js';

const CREATOR = 920;
const SENDER = 7171;
const FRIEND = 7272;
type Keyboard = { inline_keyboard: Array<Array<{ text: string; url?: string; callback_data?: string }>> };

/** A claimed gift from the outbox rows to both chats, each in its reader's language; a receipt's gift link. */
describe('gift messages', () => {
  let t: TestApp;
  let fake: FakeBotApi;
  let packId: number;

  beforeEach(async () => {
    t = await buildTestApp();
    fake = await startFakeBotApi();
    await insertUser(t.db, { id: CREATOR, isCreator: true });
    await insertUser(t.db, { id: SENDER, firstName: 'Sam', language: 'en' });
    await insertUser(t.db, { id: FRIEND, firstName: 'Dana', language: 'ru' });
    packId = await insertPack(t, CREATOR, { title: 'Space Cats', stickers: 1, maxSupply: 50 });
  });
  afterEach(async () => {
    await fake.close();
    await t.close();
  });

  const sentTo = (chat: number) =>
    fake
      .callsTo('sendMessage')
      .map((call) => call.params)
      .filter((message) => message.chat_id === chat);

  it('tells the new owner in Russian with Add to Telegram, and the sender in English', async () => {
    const orderId = await purchase(t.db, SENDER, packId);
    const [edition] = await t.db.select().from(tables.editions).where(eq(tables.editions.orderId, orderId));
    const { worker } = outboxWorker(t, fake);
    await worker.drainOnce();
    fake.calls.length = 0;

    const now = new Date();
    const gift = await giftEdition(t.db, {
      userId: SENDER,
      editionId: edition!.id,
      note: 'С днём рождения <3',
      hideSender: false,
      claimDays: 7,
      now,
    });
    await claimGift(t.db, { code: gift.code, userId: FRIEND, now });
    await worker.drainOnce();

    const [received] = sentTo(FRIEND);
    expect(received!.text).toBe(
      '<b>Вам подарок!</b>\n\nSpace Cats — экземпляр № 1 из 50 от Sam.\n\nПодпись: С днём рождения &lt;3',
    );
    expect((received!.reply_markup as Keyboard).inline_keyboard).toEqual([
      [{ text: 'Добавить в Telegram', callback_data: `set:add:${packId}` }],
    ]);
    const [claimed] = sentTo(SENDER);
    expect(claimed!.text).toBe('<b>Your gift was claimed.</b> Dana now owns Space Cats — edition #1 of 50.');
    expect((claimed!.reply_markup as Keyboard).inline_keyboard[0]![0]!.url).toBe(
      `https://t.me/${BOT_USER.username}?startapp=edition_${edition!.id}`,
    );
  });

  it('a hidden sender stays hidden', async () => {
    const orderId = await purchase(t.db, SENDER, packId);
    const [edition] = await t.db.select().from(tables.editions).where(eq(tables.editions.orderId, orderId));
    const now = new Date();
    const gift = await giftEdition(t.db, {
      userId: SENDER,
      editionId: edition!.id,
      hideSender: true,
      claimDays: 7,
      now,
    });
    await claimGift(t.db, { code: gift.code, userId: FRIEND, now });
    const { worker } = outboxWorker(t, fake);
    await worker.drainOnce();
    expect(sentTo(FRIEND)[0]!.text).toContain('Отправитель решил не называть себя.');
    expect(sentTo(FRIEND)[0]!.text).not.toContain('Sam');
  });

  it('the receipt of an edition bought as a gift carries its claim link', async () => {
    const rail = { method: 'demo' as const, createPayment: () => ({ kind: 'demo' as const }) };
    const now = new Date();
    const { order } = await buyPack(t.db, {
      userId: SENDER,
      packId,
      paymentMethod: 'demo',
      railFor: () => rail,
      gift: { claimDays: 7 },
      now,
    });
    await t.db.transaction((tx) => fulfilOrder(tx, { orderId: order.id, paymentRef: `test:${order.id}`, now }));
    const [gift] = await t.db.select().from(gifts).where(eq(gifts.orderId, order.id));
    expect(gift!.status).toBe('pending');
    const { worker } = outboxWorker(t, fake);
    await worker.drainOnce();
    expect(sentTo(SENDER)[0]!.text).toContain(
      `Bought as a gift: send this link to the person it is for. It waits for them until they claim it. https://t.me/${BOT_USER.username}?startapp=gift_${gift!.code}`,
    );
  });
});
