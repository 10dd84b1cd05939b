import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, type FileStorage, memoryStorage } from '@stickerdrop/core';
import { enqueueOutbox, outboxKey } from '@stickerdrop/core/testing';
import { freshDatabase } from '../../../api/test/helpers.js';
import { startFakeBotApi, type FakeBotApi } from '../../../api/test/fakes/bot-api.js';
import { insertPack, insertUser, purchase } from '../support/fixtures.js';
import { outboxWorker } from '../support/outbox-worker.js';
import { expectAllRussian } from '../support/russian.js';

const TITLE = 'Космокоты';
const RU = 7_010_001;
const resale = {
  orderId: 'o-ru-1',
  packId: 1,
  title: TITLE,
  serial: 7,
  maxSupply: 1000,
  editionId: 70,
  price: '1234.5',
  sellerShare: '1111.05',
  royalty: '61.725',
  fee: '61.725',
  royaltyOwed: true,
  buyerId: RU,
  sellerId: RU,
  creatorId: RU,
};

/** The outbox's messages that the other Russian tests do not send, each to a Russian reader: all in Russian. */
describe('outbox messages to a Russian reader', () => {
  let db: Database;
  let storage: FileStorage;
  let fake: FakeBotApi;
  let closeDb: () => Promise<void>;
  beforeEach(async () => {
    ({ db, close: closeDb } = await freshDatabase());
    storage = memoryStorage();
    fake = await startFakeBotApi();
    await insertUser(db, { id: RU, firstName: 'Иван', language: 'ru' });
  });
  afterEach(async () => {
    await fake.close();
    await closeDb();
  });

  const texts = () => fake.messagesTo(RU).map((call) => call.params.text);
  const calls = () => fake.calls.map((call) => ({ method: call.method, payload: call.params }));

  it('resale receipt, sale, royalty, a failed payment, a released reservation, a revoked edition, an opened drop', async () => {
    await enqueueOutbox(db, 'resale_receipt', resale, outboxKey.resale_receipt('o-ru-1'));
    await enqueueOutbox(db, 'resale_sold', resale, outboxKey.resale_sold('o-ru-1'));
    await enqueueOutbox(db, 'resale_royalty', resale, outboxKey.resale_royalty('o-ru-1'));
    const failed = { orderId: 'o-ru-2', packId: 1, title: TITLE, serial: 7, buyerId: RU, paymentRef: 'p' };
    await enqueueOutbox(db, 'resale_payment_failed', failed, outboxKey.resale_payment_failed('p'));
    const released = { orderId: 'o-ru-3', packId: 1, editionId: 70, title: TITLE, serial: 7, buyerId: RU };
    await enqueueOutbox(db, 'reservation_released', released, outboxKey.reservation_released('o-ru-3'));
    const revoked = { userId: RU, packId: 1, title: TITLE, serial: 7, maxSupply: 1000, stars: 22 };
    await enqueueOutbox(db, 'edition_revoked', revoked, outboxKey.edition_revoked(1));
    // A drop is announced only while its pack is on the marketplace: a real pack's.
    const dropped = await insertPack({ db, storage }, RU, { title: TITLE });
    const drop = { packId: dropped, userId: RU, title: TITLE };
    await enqueueOutbox(db, 'drop_opened', drop, outboxKey.drop_opened(dropped, RU));
    const { worker } = outboxWorker({ db, storage }, fake);
    expect(await worker.drainOnce()).toBe(7);

    expect(texts()).toEqual([
      '<b>Покупка прошла успешно! Теперь стикерпак можно скачать.</b>\n\n' +
        `${TITLE} — экземпляр № 7 из 1\u00a0000, у коллекционера\nОплачено: 1\u00a0234,5 TON\nЗаказ: <code>o-ru-1</code>`,
      `<b>Продано!</b> ${TITLE} — экземпляр № 7 за 1\u00a0234,5 TON. На ваш кошелёк пришло 1\u00a0111,05 TON ` +
        '(роялти автора 61,725, комиссия 61,725).',
      `<b>Роялти:</b> экземпляр № 7 «${TITLE}» перепродан за 1\u00a0234,5 TON; ваше роялти 61,725 TON ждёт вас. ` +
        'Привяжите TON-кошелёк в профиле, чтобы получать роялти напрямую.',
      `Ваш платёж за «${TITLE}» № 7 пришёл не целиком, поэтому экземпляр не сменил владельца. Поддержка Stickerdrop ` +
        'разберётся; отправьте /paysupport с номером заказа <code>o-ru-2</code>.',
      `Продавец снял «${TITLE}» № 7 с продажи, поэтому ваша бронь снята. Ничего не списано. Если вы уже отправили ` +
        'оплату, напишите /paysupport — её вернут.',
      `Telegram вернул вам 22 звезды за «${TITLE}», поэтому экземпляр № 7 из 1\u00a0000 больше не ваш и снова ` +
        'выставлен на продажу.',
      expect.stringMatching(new RegExp(`^<b>Дроп открыт!</b> ${TITLE} уже в продаже\\.`)),
    ]);
    expectAllRussian(calls(), [TITLE]);
  });

  it('the sticker set made for a Russian owner is announced in Russian', async () => {
    await insertUser(db, { id: 900, isCreator: true });
    const packId = await insertPack({ db, storage }, 900, { title: TITLE, stickers: 1 });
    await purchase(db, RU, packId);
    const job = { userId: RU, packId };
    await enqueueOutbox(db, 'sticker_set_delivery', job, outboxKey.sticker_set_delivery(RU, packId, 'tap-1'));
    const { worker } = outboxWorker({ db, storage }, fake);
    await worker.drainOnce();
    const announced = fake.messagesTo(RU).find((call) => String(call.params.text).includes('набор стикеров'))!;
    expect(announced.params.text).toMatch(new RegExp(`^Ваш набор стикеров <b>${TITLE}</b> готов в Telegram\\.\\n`));
    expectAllRussian([{ method: 'sendMessage', payload: announced.params }], [TITLE]);
  });
});
