import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import { buildTestApp, type TestApp } from '../../api/test/helpers.js';
import { INIT_RETRY_MS, startBot, type RunningBot, type StartBotOptions } from '../src/runtime/start.js';
import { BOT_COMMANDS } from '../src/runtime/setup.js';
import { BOT_USER, startFakeBotApi, type FakeBotApi } from '../../api/test/fakes/bot-api.js';
import { insertPack, insertUser, outboxRows, purchase } from './support/fixtures.js';
import { PUBLIC_URL, TOKEN } from './support/harness.js';
import { recordingLogger } from './support/logger.js';
import { callbackUpdate, telegramUser, textUpdate } from './support/updates.js';

const alice = telegramUser(5_550_001, 'Alice', 'alice');

/** The bot as a process runs it: startBot with long polling against the fake Bot API, on the API's database. */
describe('startBot (long polling)', () => {
  let t: TestApp;
  let fake: FakeBotApi;
  let log: ReturnType<typeof recordingLogger>;
  const running: RunningBot[] = [];

  beforeEach(async () => {
    t = await buildTestApp({ config: { botUsername: BOT_USER.username } });
    fake = await startFakeBotApi();
    log = recordingLogger();
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((bot) => bot.stop()));
    await fake.close();
    await t.close();
  });

  async function start(overrides: Partial<StartBotOptions> = {}): Promise<RunningBot> {
    const bot = await startBot({
      config: { botToken: TOKEN, publicUrl: PUBLIC_URL, telegramApiRoot: fake.apiRoot },
      db: t.db,
      storage: t.storage,
      log,
      now: () => t.clock.now,
      outbox: { idleDelayMs: 20 },
      ...overrides,
    });
    running.push(bot);
    await bot.ready;
    return bot;
  }

  async function stop(bot: RunningBot): Promise<void> {
    running.splice(running.indexOf(bot), 1);
    await bot.stop();
  }

  it('answers /start, /start pack_<id> and /start login_<code>, sets commands and menu, and the page’s number signs the browser in', async () => {
    const creator = await insertUser(t.db, { id: 900, isCreator: true });
    const packId = await insertPack(t, creator, { title: 'Space Cats' });

    // The page asks for a login code and shows the bot link.
    const issued = await t.app.inject({ method: 'POST', url: '/api/auth/login-code' });
    const { code, url, match } = issued.json() as { code: string; url: string; match: string };
    expect(url).toBe(`https://t.me/${BOT_USER.username}?start=login_${code}`);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/login-code/${code}` })).statusCode).toBe(202);

    await start();
    expect(fake.callsTo('setMyCommands')[0]!.params.commands).toEqual(BOT_COMMANDS);
    expect(fake.callsTo('setChatMenuButton')[0]!.params.menu_button).toEqual({
      type: 'web_app',
      text: 'Open Stickerdrop',
      web_app: { url: PUBLIC_URL },
    });

    fake.pushUpdate(textUpdate(alice, '/start'));
    fake.pushUpdate(textUpdate(alice, `/start pack_${packId}`));
    // Alice follows the page's link: Telegram sends /start with its payload.
    fake.pushUpdate(textUpdate(alice, `/start ${new URL(url).searchParams.get('start')}`));
    await fake.waitFor(() => fake.messagesTo(alice.id).length === 3, 10_000, 'three replies');

    expect(fake.callsTo('deleteWebhook')[0]!.params.drop_pending_updates).toBe(false);
    expect(fake.callsTo('getUpdates')[0]!.params.allowed_updates).toEqual(
      expect.arrayContaining(['message', 'callback_query', 'inline_query', 'pre_checkout_query']),
    );
    const [welcome, pack, login] = fake.messagesTo(alice.id);
    expect(welcome!.params.text).toContain(SPEC_TEXTS.homeTagline);
    expect(pack!.method).toBe('sendPhoto');
    expect(pack!.params.caption).toContain('Space Cats');
    expect(login!.params.text).toContain('A browser is asking to sign in to Stickerdrop as you.');
    // Opening the link is not enough: the page still waits.
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/login-code/${code}` })).statusCode).toBe(202);

    // Alice taps the number the page shows.
    const buttons = (
      login!.params.reply_markup as { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> }
    ).inline_keyboard.flat();
    expect(buttons).toHaveLength(3);
    fake.pushUpdate(
      callbackUpdate(
        alice,
        fake.lastMessageTo(alice.id),
        buttons.find((button) => button.text === match)!.callback_data,
      ),
    );
    await fake.waitFor(() => fake.callsTo('editMessageText').length === 1, 10_000, 'the answer to the tap');
    expect(fake.callsTo('editMessageText')[0]!.params.text).toContain('Your browser is now signed in.');

    // The page's poll now signs in as the Telegram user who opened the link.
    const signedIn = await t.app.inject({ method: 'GET', url: `/api/auth/login-code/${code}` });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ user: { id: alice.id, first_name: 'Alice', username: 'alice' } });
    expect(signedIn.json().tokens.accessToken).toEqual(expect.any(String));

    await stop(running[0]!);
    expect(fake.unconfirmedUpdates).toEqual([]);
    expect(fake.droppedPendingUpdates).toBe(false);
    expect(log.errors()).toEqual([]);
  });

  it('never drops pending updates; stopped mid-batch, it handles each update exactly once across the restart', async () => {
    for (let i = 0; i < 6; i++) fake.pushUpdate(textUpdate(alice, '/help'));
    fake.delay('sendMessage', 200);

    const first = await start();
    await fake.waitFor(() => fake.delivered.length >= 2, 10_000, 'two replies');
    await stop(first);
    const handledBeforeStop = fake.callsTo('sendMessage').length;
    expect(handledBeforeStop).toBeLessThan(6);
    // What was not handled is still with Telegram, and nothing was dropped.
    expect(fake.unconfirmedUpdates).toHaveLength(6 - handledBeforeStop);
    expect(fake.droppedPendingUpdates).toBe(false);

    await start();
    await fake.waitFor(() => fake.delivered.length === 6, 10_000, 'six replies');
    // Once the bot has confirmed every update, Telegram forgets them: none can come back to be handled again.
    await fake.waitFor(() => fake.unconfirmedUpdates.length === 0, 10_000, 'every update confirmed');
    expect(fake.callsTo('sendMessage')).toHaveLength(6);
  });

  it('a purchase gives one receipt and one sale notice, across a 429 storm and a restart', async () => {
    await insertUser(t.db, { id: 900, isCreator: true });
    const packId = await insertPack(t, 900, { title: 'Space Cats' });
    for (const id of [11, 12, 13]) await insertUser(t.db, { id });

    await purchase(t.db, 11, packId, t.clock.now);
    fake.tooManyRequests('sendMessage', 1, 3);
    // The outbox is due by the database's clock, so these bots run on real time.
    const options = {
      now: () => new Date(),
      outbox: { idleDelayMs: 20, limits: { perSecond: 1000, perChatIntervalMs: 0 } },
    };
    const first = await start(options);
    await fake.waitFor(() => fake.delivered.length === 2, 15_000, 'first purchase delivered');
    await stop(first);

    // While the bot is down a sale happens: its messages wait in the outbox.
    await purchase(t.db, 12, packId, t.clock.now);
    await purchase(t.db, 13, packId, t.clock.now);
    expect((await outboxRows(t.db)).filter((row) => row.status === 'pending')).toHaveLength(4);

    const second = await start(options);
    await fake.waitFor(() => fake.delivered.length === 6, 15_000, 'all delivered');
    // A graceful stop finishes the send in hand and records it, so every row is marked by now.
    await stop(second);

    for (const buyer of [11, 12, 13]) {
      const receipts = fake.messagesTo(buyer).filter((call) => call.status === 200);
      expect(receipts).toHaveLength(1);
      expect(receipts[0]!.params.text).toContain(SPEC_TEXTS.purchaseSuccess);
    }
    const notices = fake.messagesTo(900).filter((call) => call.status === 200);
    expect(notices.map((call) => /#(\d+) of/.exec(String(call.params.text))![1])).toEqual(['1', '2', '3']);
    expect(fake.callsTo('sendMessage').filter((call) => call.status === 429)).toHaveLength(3);
    expect((await outboxRows(t.db)).every((row) => row.status === 'sent')).toBe(true);
  });

  it('keeps running when a handler fails: logs it, tells the user, handles the next update', async () => {
    await start();
    fake.fail('sendMessage', { error_code: 400, description: "Bad Request: can't parse entities" });
    fake.pushUpdate(textUpdate(alice, '/help'));
    fake.pushUpdate(textUpdate(alice, '/start'));
    await fake.waitFor(() => fake.delivered.length === 2, 10_000, 'two replies');
    const [sorry, welcome] = fake.delivered;
    expect(sorry!.params.text).toBe(`${SPEC_TEXTS.somethingWentWrong}. Please try again.`);
    expect(welcome!.params.text).toContain(SPEC_TEXTS.homeTagline);
    expect(log.errors().map((entry) => entry.msg)).toEqual([
      "Bot API error in sendMessage: Bad Request: can't parse entities",
    ]);
  });

  it('without BOT_TOKEN does nothing and says so', async () => {
    const bot = await start({ config: { botToken: undefined, publicUrl: PUBLIC_URL, telegramApiRoot: fake.apiRoot } });
    expect(log.entries.map((entry) => entry.obj)).toContain('BOT_TOKEN is not set: running without the Telegram bot');
    await stop(bot);
    expect(fake.calls).toHaveLength(0);
  });

  it('starts even when Telegram cannot be reached, keeps trying, and stops without waiting out the retry', async () => {
    // The retry waits on setTimeout, which this clock only moves when told: a stop that waited for the next
    // try would never resolve, and the test would time out.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const unreachable = 'http://127.0.0.1:9'; // discard port: nothing listens
      const bot = await startBot({
        config: { botToken: TOKEN, publicUrl: PUBLIC_URL, telegramApiRoot: unreachable },
        db: t.db,
        storage: t.storage,
        log,
      });
      const cannotReach = () =>
        log.errors().filter((entry) => entry.msg === 'cannot reach Telegram; the bot will keep trying');
      await vi.waitFor(() => expect(cannotReach()).toHaveLength(1), { interval: 5 });
      // It keeps trying: once the retry's time has passed, it tries (and fails) again.
      await vi.advanceTimersByTimeAsync(INIT_RETRY_MS);
      await vi.waitFor(() => expect(cannotReach()).toHaveLength(2), { interval: 5 });
      await bot.stop();
      expect(cannotReach()).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
