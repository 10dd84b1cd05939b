import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Api } from 'grammy';
import { type Database, type FileStorage, memoryStorage } from '@stickerdrop/core';
import { enqueueOutbox, outboxKey } from '@stickerdrop/core/testing';
import { freshDatabase } from '../../../api/test/helpers.js';
import { startFakeBotApi, type FakeBotApi } from '../../../api/test/fakes/bot-api.js';
import { BOT_COMMANDS, configureBotProfile } from '../../src/runtime/setup.js';
import { insertPack, insertUser, purchase } from '../support/fixtures.js';
import { createHarness, PUBLIC_URL, TOKEN, type Harness } from '../support/harness.js';
import { recordingLogger } from '../support/logger.js';
import { outboxWorker } from '../support/outbox-worker.js';
import { telegramUser, textUpdate } from '../support/updates.js';

type Keyboard = { inline_keyboard: Array<Array<{ text: string; url?: string; web_app?: { url: string } }>> };
const inRussian = (id: number) => ({ ...telegramUser(id, 'Иван', `ivan${id}`), language_code: 'ru' });

describe('a Russian-speaking user in the chat', () => {
  let t: Harness;
  beforeEach(async () => {
    t = await createHarness();
  });
  afterEach(() => t.close());

  it('/start with language_code ru: the welcome, its button and the chat’s menu button in Russian', async () => {
    const ivan = inRussian(6_660_001);
    await t.send(textUpdate(ivan, '/start'));
    const [welcome, menu] = t.api.actions;
    expect(welcome!.method).toBe('sendMessage');
    expect(welcome!.params.text).toBe(
      '<b>Добро пожаловать в Stickerdrop!</b>\n\n' +
        'Находите уникальные стикерпаки, создавайте свои и торгуйте с коллекционерами со всего мира.\n\n' +
        '• Лимитированные тиражи\n• Вторичный рынок\n• Инструменты для авторов',
    );
    const button = (welcome!.params.reply_markup as Keyboard).inline_keyboard[0]![0]!;
    expect(button).toEqual({ text: 'Открыть Stickerdrop', web_app: { url: PUBLIC_URL } });
    expect(menu!.method).toBe('setChatMenuButton');
    expect(menu!.params).toEqual({
      chat_id: ivan.id,
      menu_button: { type: 'web_app', text: 'Открыть Stickerdrop', web_app: { url: PUBLIC_URL } },
    });
  });

  it('the stored choice wins over the Telegram app’s language, both ways', async () => {
    await insertUser(t.db, { id: 6_660_002, language: 'en' });
    await t.send(textUpdate(inRussian(6_660_002), '/start'));
    expect(t.api.actions).toHaveLength(1);
    expect(t.api.actions[0]!.params.text).toContain('<b>Welcome to Stickerdrop!</b>');

    const english = telegramUser(6_660_003);
    await insertUser(t.db, { id: english.id, language: 'ru' });
    await t.send(textUpdate(english, 'hello'));
    expect(t.api.actions[1]!.params.text).toContain('Добро пожаловать');
  });

  it('a bad link says so in Russian', async () => {
    await t.send(textUpdate(inRussian(6_660_004), '/start ???'));
    expect(t.api.actions[0]!.params.text).toBe('Эта ссылка недействительна, поэтому открываем маркетплейс.');
  });
});

describe('outbox messages in the recipient’s language', () => {
  let db: Database;
  let storage: FileStorage;
  let fake: FakeBotApi;
  let closeDb: () => Promise<void>;
  beforeEach(async () => {
    ({ db, close: closeDb } = await freshDatabase());
    storage = memoryStorage();
    fake = await startFakeBotApi();
  });
  afterEach(async () => {
    await fake.close();
    await closeDb();
  });

  it('a Russian buyer’s receipt is Russian with Russian digits; the English creator’s sale notice stays English', async () => {
    await insertUser(db, { id: 900, firstName: 'Carla', isCreator: true, language: 'en' });
    const packId = await insertPack({ db, storage }, 900, { title: 'Space <Cats>', price: '1234.5', maxSupply: 100 });
    await insertUser(db, { id: 501, language: 'ru' });
    const orderId = await purchase(db, 501, packId);
    const { worker } = outboxWorker({ db, storage }, fake);
    expect(await worker.drainOnce()).toBe(2);

    const [receipt] = fake.messagesTo(501);
    expect(receipt!.params.text).toBe(
      [
        '<b>Покупка прошла успешно! Теперь стикерпак можно скачать.</b>',
        '',
        'Space &lt;Cats&gt; — экземпляр № 1 из 100',
        'Оплачено: 1\u00a0234,50 TON',
        `Заказ: <code>${orderId}</code>`,
      ].join('\n'),
    );
    expect((receipt!.params.reply_markup as Keyboard).inline_keyboard[0]![0]!.text).toBe('Открыть пак');
    const [notice] = fake.messagesTo(900);
    expect(notice!.params.text).toBe('<b>Sold!</b> Space &lt;Cats&gt; — edition #1 of 100 for 1234.50 TON.');
  });

  it('a refund notice is written in the buyer’s language', async () => {
    await insertUser(db, { id: 503, language: 'ru' });
    const notice = { buyerId: 503, title: 'Cats <&> Dogs', reason: 'sold_out', route: 'stripe' as const };
    await enqueueOutbox(db, 'refund_notice', notice, outboxKey.refund_notice('stripe', 'cs_ru'));
    await outboxWorker({ db, storage }, fake).worker.drainOnce();
    expect(fake.messagesTo(503)[0]!.params.text).toBe(
      'Ваш платёж за <b>Cats &lt;&amp;&gt; Dogs</b> пришёл после того, как бронь истекла, а последние экземпляры ' +
        'за это время раскупили, поэтому экземпляр не куплен.\n' +
        'Деньги вернулись на вашу карту; банку нужно 5–10 дней, чтобы это отразить.',
    );
  });

  it('a recipient who never chose gets English', async () => {
    await insertUser(db, { id: 900, isCreator: true });
    const packId = await insertPack({ db, storage }, 900, { title: 'Cats', price: '2', maxSupply: 5 });
    await insertUser(db, { id: 502 });
    await purchase(db, 502, packId);
    await outboxWorker({ db, storage }, fake).worker.drainOnce();
    expect(fake.messagesTo(502)[0]!.params.text).toContain('Cats — edition #1 of 5');
  });
});

describe('the command list per language', () => {
  it('sets the English list as the default and the Russian one for language_code ru', async () => {
    const calls: Array<{ method: string; payload: Record<string, unknown> }> = [];
    const api = new Api(TOKEN);
    api.config.use((_prev, method, payload) => {
      calls.push({ method, payload: payload as Record<string, unknown> });
      return Promise.resolve({ ok: true, result: true } as never);
    });
    await configureBotProfile(api, PUBLIC_URL, recordingLogger());
    const commands = calls.filter((call) => call.method === 'setMyCommands');
    expect(commands).toHaveLength(2);
    expect(commands[0]!.payload).toEqual({ commands: BOT_COMMANDS });
    expect(commands[1]!.payload.language_code).toBe('ru');
    expect(commands[1]!.payload.commands).toContainEqual({ command: 'start', description: 'Открыть маркетплейс' });
    expect(commands[1]!.payload.commands).toHaveLength(BOT_COMMANDS.length);
  });
});
