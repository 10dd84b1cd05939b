import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESALE_ERRORS } from '@stickerdrop/shared';
import { listEdition, makeOffer, withdrawOffer } from '@stickerdrop/core';
import { tables } from '@stickerdrop/core/testing';
import { insertPack, insertUser, purchase } from '../support/fixtures.js';
import { createHarness, type Harness } from '../support/harness.js';
import { outboxWorker } from '../support/outbox-worker.js';
import { callbackUpdate, telegramUser } from '../support/updates.js';

const CREATOR = 7_200_000;
const OWNERS = [
  telegramUser(7_200_001, 'Olga', 'olga'),
  telegramUser(7_200_002, 'Oleg'),
  telegramUser(7_200_003, 'Ola'),
];
const BIDDER = 7_200_009;
const OTHER_BIDDER = 7_200_010;
const DAY_MS = 24 * 60 * 60 * 1000;
type Keyboard = { inline_keyboard: Array<Array<{ text: string; callback_data?: string }>> };

/** "New offer" in the owners' chats: once a day per bidder and target, edited when the bidder changes it. */
describe('offer notices in the chat', () => {
  let t: Harness;
  let packId: number;
  const editions: number[] = [];

  beforeEach(async () => {
    t = await createHarness({ offerTerms: { ton: null, feeBps: 250, starsLockDays: 21 } });
    await insertUser(t.db, { id: CREATOR, isCreator: true });
    for (const owner of OWNERS) {
      await insertUser(t.db, { id: owner.id, firstName: owner.first_name, walletAddress: `0:${'72'.repeat(32)}` });
    }
    await insertUser(t.db, { id: BIDDER, firstName: 'Ben' });
    await insertUser(t.db, { id: OTHER_BIDDER, firstName: 'Bea' });
    packId = await insertPack(t, CREATOR, { title: 'Space Cats', maxSupply: 10 });
    editions.length = 0;
    for (const owner of OWNERS) {
      const order = await purchase(t.db, owner.id, packId);
      const [edition] = await t.db.select().from(tables.editions).where(eq(tables.editions.orderId, order));
      editions.push(edition!.id);
    }
    await t.db.delete(tables.outbox);
  });
  afterEach(() => t.close());

  const offer = (userId: number, target: { packId: number } | { editionId: number }, price: string) =>
    makeOffer(t.db, { userId, ...target, price, expiresInHours: 24, starsLockDays: 21, now: t.clock.now });
  const drain = () => outboxWorker(t, t.api, { now: () => t.clock.now }).worker.drainOnce();
  const noticeRows = async () =>
    (await t.db.select().from(tables.outbox)).filter((row) => row.kind === 'offer_received');
  const sentTo = (chatId: number) =>
    t.api.callsTo('sendMessage').filter((call) => Number(call.params.chat_id) === chatId);

  it('withdrawing and offering again four times tells each holder once a day, whatever the bidder does', async () => {
    let latest = 0;
    for (let cycle = 0; cycle < 4; cycle++) {
      latest = (await offer(BIDDER, { packId }, `1.${cycle}`)).offer.id;
      await drain();
      if (cycle < 3) await withdrawOffer(t.db, { userId: BIDDER, offerId: latest, now: t.clock.now });
      t.clock.now = new Date(t.clock.now.getTime() + 15_000);
    }
    expect(await noticeRows()).toHaveLength(OWNERS.length);
    for (const owner of OWNERS) expect(sentTo(owner.id)).toHaveLength(1);
    // Their messages follow the bidder's latest offer, edited in place: its Accept is the one that works.
    const edits = t.api.callsTo('editMessageText');
    const last = edits.filter((call) => Number(call.params.chat_id) === OWNERS[0]!.id).at(-1)!;
    expect(last.params.text).toContain('New offer: 1.30 TON');
    const accept = (last.params.reply_markup as Keyboard).inline_keyboard[0]![0]!.callback_data;
    expect(accept).toBe(`offer:accept:${latest}:${editions[0]}:1300000000`);

    // Another bidder is another sender; and a day later the same bidder may be heard again.
    await offer(OTHER_BIDDER, { packId }, '1');
    await withdrawOffer(t.db, { userId: BIDDER, offerId: latest, now: t.clock.now });
    t.clock.now = new Date(t.clock.now.getTime() + DAY_MS);
    await offer(BIDDER, { packId }, '2');
    await drain();
    for (const owner of OWNERS) expect(sentTo(owner.id)).toHaveLength(3);
    expect(await noticeRows()).toHaveLength(OWNERS.length * 3);
  });

  it('a raised offer edits the owner’s message in place: new price, new Accept that sells, no new message', async () => {
    const [owner] = OWNERS;
    const made = await offer(BIDDER, { editionId: editions[0]! }, '3');
    await drain();
    const [sent] = sentTo(owner!.id);
    const messageId = (sent!.result as { message_id: number }).message_id;
    t.api.clearCalls();

    await offer(BIDDER, { editionId: editions[0]! }, '3.5');
    await drain();
    expect(t.api.callsTo('sendMessage')).toHaveLength(0);
    const edits = t.api.callsTo('editMessageText');
    expect(edits).toHaveLength(1);
    expect(edits[0]!.params).toMatchObject({ chat_id: owner!.id, message_id: messageId, parse_mode: 'HTML' });
    expect(edits[0]!.params.text).toBe(
      '<b>New offer: 3.50 TON for #1 of Space Cats</b>\n' +
        `From Ben, open until ${utc(t.clock.now.getTime() + DAY_MS)}.\n` +
        'You receive 3.2375 TON after the creator’s royalty and the fee.',
    );
    const keyboard = edits[0]!.params.reply_markup as Keyboard;
    const accept = keyboard.inline_keyboard[0]![0]!.callback_data!;
    expect(accept).toBe(`offer:accept:${made.offer.id}:${editions[0]}:3500000000`);

    const message = { message_id: messageId, date: 0, chat: { id: owner!.id, type: 'private' }, text: 'New offer' };
    await t.send(callbackUpdate(owner!, message, accept));
    const [order] = await t.db.select().from(tables.orders).where(eq(tables.orders.offerId, made.offer.id));
    expect(order).toMatchObject({ userId: BIDDER, amountNano: 3_500_000_000n, status: 'reserved' });
  });

  it('says what the owner receives, beside their listing price and the floor', async () => {
    const [owner, second] = OWNERS;
    const listed = (userId: number, editionId: number, price: string) =>
      listEdition(t.db, { userId, editionId, price, now: t.clock.now, starsLockDays: 21 });
    await listed(owner!.id, editions[0]!, '1.45');
    await listed(second!.id, editions[1]!, '1.30');
    await offer(BIDDER, { editionId: editions[0]! }, '1.10');
    await drain();
    expect(String(sentTo(owner!.id)[0]!.params.text).split('\n').slice(2)).toEqual([
      'You receive 1.0175 TON after the creator’s royalty and the fee.',
      'Your listing: 1.45 TON · Floor: 1.30 TON',
    ]);
  });

  it('once one offer is accepted, another offer’s Accept on the edition says it is being bought', async () => {
    const [owner] = OWNERS;
    const first = await offer(BIDDER, { editionId: editions[0]! }, '2');
    const second = await offer(OTHER_BIDDER, { editionId: editions[0]! }, '1.5');
    const message = { message_id: 900, date: 0, chat: { id: owner!.id, type: 'private' }, text: 'New offer' };
    await t.send(callbackUpdate(owner!, message, `offer:accept:${first.offer.id}:${editions[0]}:2000000000`));
    t.api.clearCalls();
    await t.send(callbackUpdate(owner!, message, `offer:accept:${second.offer.id}:${editions[0]}:1500000000`));
    expect(t.api.actions).toEqual([
      expect.objectContaining({
        method: 'answerCallbackQuery',
        params: expect.objectContaining({ text: RESALE_ERRORS.beingBought, show_alert: true }),
      }),
    ]);
  });
});

/** "2026-11-24 10:00 UTC", as the messages write a time. */
function utc(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
