import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createLoginCode, issueTokens, listEdition } from '@stickerdrop/core';
import { tables } from '@stickerdrop/core/testing';
import { insertPack, insertUser, purchase } from '../support/fixtures.js';
import { createHarness, type Harness } from '../support/harness.js';
import { expectAllRussian, recordCalls, russianUser, type RecordedCall } from '../support/russian.js';
import { callbackUpdate, inlineQueryUpdate, textUpdate } from '../support/updates.js';

const HOUR = 3_600_000;
const ivan = russianUser(6_770_001);
/** What users typed in these tests: a Russian title and names, so every other word must be the bot's. */
const TITLE = 'Космокоты';

/** Every kind of message the chat sends, to a user whose Telegram is in Russian: all of it in Russian. */
describe('a Russian-speaking user gets every chat message in Russian', () => {
  let t: Harness;
  let calls: RecordedCall[];
  let packId: number;
  let editionId: number;
  beforeEach(async () => {
    t = await createHarness();
    await insertUser(t.db, { id: 901, firstName: 'Карла', username: 'karla', isCreator: true });
    await insertUser(t.db, { id: 902, firstName: 'Семён', username: 'semen', walletAddress: `0:${'52'.repeat(32)}` });
    packId = await insertPack(t, 901, { title: TITLE, price: '1234.5', maxSupply: 10 });
    const order = await purchase(t.db, 902, packId);
    editionId = (await t.db.select().from(tables.editions).where(eq(tables.editions.orderId, order)))[0]!.id;
    await listEdition(t.db, { userId: 902, editionId, price: '3', now: new Date(), starsLockDays: 21 });
    // Making the pack can outlast the fake API's keep-alive on a busy machine: a first call takes the idle
    // connection's reset, so the test's own calls start on a fresh one.
    await t.bot.api.getMe().catch(() => undefined);
    calls = recordCalls(t.bot.api);
  });
  afterEach(async () => {
    expect(t.log.errors()).toEqual([]);
    await t.close();
  });

  const say = (text: string) => t.send(textUpdate(ivan, text));
  const lastSent = () => calls.filter((call) => call.method === 'sendMessage').at(-1)!;

  it('/help, /paysupport, /cancel, a stale button and the links that lead nowhere', async () => {
    await say('/help');
    expect(lastSent().payload.text).toContain('/newpack — загрузить новый стикерпак (для авторов)');
    await say('/paysupport');
    expect(lastSent().payload.text).toContain('<b>Помощь с оплатой</b>');
    await say('/cancel');
    expect(lastSent().payload.text).toBe('Отменять нечего.');
    await t.send(callbackUpdate(ivan, undefined, 'nothing:here'));
    await say('/start pack_999999');
    await say('/start edition_999999');
    await say(`/start order_${packId}_3f2a1b4c-0000-4000-8000-000000000000`);
    expect(lastSent().payload.text).toBe('Откройте заказ в приложении, чтобы оплатить его.');
    expect(calls.find((call) => call.method === 'answerCallbackQuery')!.payload.text).toBe(
      'Эта кнопка больше не действует.',
    );
    expectAllRussian(calls);
  });

  it('the pack card before its drop, Notify me and its answer, an edition link and inline sharing', async () => {
    const dropsAt = new Date(Date.UTC(2030, 5, 1, 18, 0, 0));
    t.clock.now = new Date(dropsAt.getTime() - HOUR);
    await t.db.update(tables.packs).set({ dropsAt, maxPerUser: 3 }).where(eq(tables.packs.id, packId));
    await say(`/start pack_${packId}`);
    const card = calls.find((call) => call.method === 'sendPhoto')!;
    expect(card.payload.caption).toBe(
      [
        `<b>${TITLE}</b>`,
        'автор: Карла',
        '',
        'Цена: 1\u00a0234,50 TON',
        'Осталось 9 из 10 · лимитированный тираж',
        'Дроп откроется 1 июня 2030 г. в 18:00 UTC',
        'Не больше 3 в одни руки',
      ].join('\n'),
    );
    await t.send(callbackUpdate(ivan, { message_id: 1, chat: { id: ivan.id, type: 'private' } }, `drop:on:${packId}`));
    expect(calls.find((call) => call.method === 'answerCallbackQuery')!.payload.text).toBe(
      'Мы напишем вам в Telegram, когда дроп откроется.',
    );
    await say(`/start edition_${editionId}`);
    expect(lastSent().payload.text).toBe(
      `<b>${TITLE}</b> — экземпляр № 1 из 10\nВладелец: @semen\nПродаётся за 3,00 TON`,
    );
    await t.send(inlineQueryUpdate(ivan, TITLE));
    await t.send(inlineQueryUpdate(ivan, `edition_${editionId}`));
    expect(calls.filter((call) => call.method === 'answerInlineQuery')).toHaveLength(2);
    expectAllRussian(calls, [TITLE]);
  });

  it('a browser sign-in asked and confirmed, then /sessions and signing one out', async () => {
    const { code, match } = await createLoginCode(t.db, t.clock.now);
    await say(`/start login_${code}`);
    const ask = lastSent();
    expect(ask.payload.text).toMatch(/^<b>Браузер просит войти в Stickerdrop от вашего имени\.<\/b>/);
    expect(ask.payload.text).toMatch(/Вход начат: \d{1,2} [а-я]+ \d{4} г\. в \d\d:\d\d UTC \(только что\)\./);
    const sent = { message_id: 5, chat: { id: ivan.id, type: 'private' } };
    const buttons = (ask.payload.reply_markup as { inline_keyboard: Array<Array<{ callback_data: string }>> })
      .inline_keyboard[0]!;
    const confirm = buttons.find((button) => button.callback_data.endsWith(`:${match}`))!;
    await t.send(callbackUpdate(ivan, sent, confirm.callback_data));
    expect(calls.find((call) => call.method === 'editMessageText')!.payload.text).toContain(
      'Вход в браузере выполнен.',
    );

    await issueTokens({ db: t.db, tokens: fakeTokens, now: () => t.clock.now }, ivan.id, 'bot');
    await say('/sessions');
    const list = lastSent();
    expect(list.payload.text).toContain('<b>Где выполнен вход (1)</b>');
    expect(list.payload.text).toContain('1. Браузер, вход через бота\n    вход ');
    expect(list.payload.text).toContain('в течение 15 минут.');
    const out = (list.payload.reply_markup as { inline_keyboard: Array<Array<{ callback_data: string }>> })
      .inline_keyboard[0]![0]!.callback_data;
    await t.send(callbackUpdate(ivan, sent, out));
    expect(calls.filter((call) => call.method === 'answerCallbackQuery').at(-1)!.payload.text).toBe('Сеанс завершён');
    expectAllRussian(calls);
  });
});

/** Tokens are not what this file tests: any signer will do for the session row. */
const fakeTokens = { sign: async () => 'access-token' } as never;
