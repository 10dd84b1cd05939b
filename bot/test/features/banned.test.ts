import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { banUser, buyPack, unbanUser } from '@stickerdrop/core';
import { tables } from '@stickerdrop/core/testing';
import { insertPack, insertUser } from '../support/fixtures.js';
import { createHarness, type Harness } from '../support/harness.js';
import { callbackUpdate, inlineQueryUpdate, preCheckoutUpdate, telegramUser, textUpdate } from '../support/updates.js';

const OPERATOR = 4_242_001;
const BANNED_EN =
  'Your account is banned from the marketplace, so the bot cannot do anything for you here: no purchases, reports or new packs. For a payment you already made, send /paysupport.';
const BANNED_RU =
  'Ваш аккаунт заблокирован на маркетплейсе, поэтому бот ничего не может для вас сделать: ни покупок, ни жалоб, ни новых стикерпаков. Если вы уже что-то оплатили, отправьте /paysupport.';

const mallory = telegramUser(6_660_001, 'Mallory', 'mallory');
const boris = { ...telegramUser(6_660_002, 'Борис', 'boris'), language_code: 'ru' };

describe('a banned user in the chat', () => {
  let t: Harness;
  let packId: number;
  beforeEach(async () => {
    t = await createHarness();
    await insertUser(t.db, { id: 901, firstName: 'Carla', isCreator: true });
    await insertUser(t.db, { id: mallory.id, firstName: 'Mallory', isCreator: true });
    await insertUser(t.db, { id: boris.id, firstName: 'Борис' });
    packId = await insertPack(t, 901, { title: 'Borrowed Mice' });
  });
  afterEach(() => t.close());

  const ban = (userId: number) => banUser(t.db, { operatorId: OPERATOR, userId, reason: 'fraud', now: t.clock.now });
  const texts = (userId: number) => t.api.textsTo(userId);

  it('is told so in English to whatever they send, and nothing runs: no card, no report, no /newpack, no payment', async () => {
    // The pack card, taken before the ban, with its Report button.
    await t.send(textUpdate(mallory, `/start pack_${packId}`));
    const card = t.api.actions.find((call) => ['sendPhoto', 'sendMessage'].includes(call.method))!;
    const starsRail = {
      method: 'stars' as const,
      createPayment: () => ({ kind: 'stars' as const, invoiceLink: 'https://t.me/$invoice', stars: 375 }),
    };
    const { order } = await buyPack(t.db, {
      userId: mallory.id,
      packId,
      paymentMethod: 'stars',
      railFor: () => starsRail,
      now: t.clock.now,
    });
    await ban(mallory.id);
    t.api.clearCalls();

    await t.send(textUpdate(mallory, `/start pack_${packId}`));
    await t.send(textUpdate(mallory, '/newpack'));
    await t.send(textUpdate(mallory, 'hello'));
    expect(texts(mallory.id)).toEqual([BANNED_EN, BANNED_EN, BANNED_EN]);

    await t.send(callbackUpdate(mallory, card.result, `report:${packId}`));
    await t.send(callbackUpdate(mallory, card.result, `report:${packId}:copyright`));
    const taps = t.api.callsTo('answerCallbackQuery').map((call) => call.params);
    expect(taps).toEqual([
      expect.objectContaining({ text: BANNED_EN, show_alert: true }),
      expect.objectContaining({ text: BANNED_EN, show_alert: true }),
    ]);

    const checkout = preCheckoutUpdate(mallory, order.id, 375);
    await t.send(checkout);
    expect(t.api.callsTo('answerPreCheckoutQuery').map((call) => call.params)).toEqual([
      { pre_checkout_query_id: checkout.pre_checkout_query!.id, ok: false, error_message: BANNED_EN },
    ]);
    await t.send(inlineQueryUpdate(mallory, 'mice'));
    expect(t.api.callsTo('answerInlineQuery').map((call) => call.params.results)).toEqual([[]]);

    // Nothing was written for them, and no other call was made.
    expect(await t.db.select().from(tables.packReports)).toEqual([]);
    expect(await t.db.select().from(tables.editions).where(eq(tables.editions.ownerId, mallory.id))).toEqual([]);
    expect(new Set(t.api.actions.map((call) => call.method))).toEqual(
      new Set(['sendMessage', 'answerCallbackQuery', 'answerPreCheckoutQuery', 'answerInlineQuery']),
    );
    // /paysupport still answers: Telegram requires it of a bot that took payments.
    await t.send(textUpdate(mallory, '/paysupport'));
    expect(texts(mallory.id).at(-1)).not.toBe(BANNED_EN);
    expect(t.log.errors()).toEqual([]);
  });

  it('is told in Russian when they write in Russian, and the bot answers as before once the ban is lifted', async () => {
    await ban(boris.id);
    await t.send(textUpdate(boris, '/start'));
    expect(texts(boris.id)).toEqual([BANNED_RU]);

    await unbanUser(t.db, { operatorId: OPERATOR, userId: boris.id, note: '', now: t.clock.now });
    await t.send(textUpdate(boris, `/start pack_${packId}`));
    const after = texts(boris.id).slice(1);
    expect(after.length).toBeGreaterThan(0);
    expect(after.join('\n')).toContain('Borrowed Mice');
    expect(after).not.toContain(BANNED_RU);
    await t.send(textUpdate(telegramUser(6_660_003), '/start'));
    expect(texts(6_660_003).join('\n')).not.toContain(BANNED_EN);
  });
});
