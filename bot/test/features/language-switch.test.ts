import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Bot } from 'grammy';
import { buildTestApp, type TestApp } from '../../../api/test/helpers.js';
import { startFakeBotApi, type FakeBotApi } from '../../../api/test/fakes/bot-api.js';
import { createBot } from '../../src/bot.js';
import type { BotContext } from '../../src/context.js';
import { insertUser, outboxRows } from '../support/fixtures.js';
import { PUBLIC_URL, TOKEN } from '../support/harness.js';
import { recordingLogger } from '../support/logger.js';
import { outboxWorker } from '../support/outbox-worker.js';
import { telegramUser, textUpdate } from '../support/updates.js';

const anna = telegramUser(6_790_001, 'Anna', 'anna');

/** Switching the language in the profile (the API) reaches the chat: its menu button now, the next reply. */
describe('a language switched in the profile', () => {
  let t: TestApp;
  let fake: FakeBotApi;
  let bot: Bot<BotContext>;
  beforeEach(async () => {
    t = await buildTestApp();
    fake = await startFakeBotApi();
    bot = createBot(TOKEN, {
      db: t.db,
      storage: t.storage,
      publicUrl: PUBLIC_URL,
      log: recordingLogger(),
      apiRoot: fake.apiRoot,
    });
    await bot.init();
    await insertUser(t.db, { id: anna.id, firstName: 'Anna', language: 'en' });
  });
  afterEach(async () => {
    await fake.close();
    await t.close();
  });

  async function choose(language: 'en' | 'ru') {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${await t.app.deps.tokens.sign(anna.id)}` },
      payload: { language },
    });
    expect(res.statusCode).toBe(200);
  }
  const menuButtons = () => fake.calls.filter((call) => call.method === 'setChatMenuButton').map((call) => call.params);

  it('sets the chat’s menu button in the new language, and the next reply is in it; back to English too', async () => {
    await choose('ru');
    const { worker } = outboxWorker(t, fake);
    expect(await worker.drainOnce()).toBe(1);
    expect(menuButtons()).toEqual([
      { chat_id: anna.id, menu_button: { type: 'web_app', text: 'Открыть Stickerdrop', web_app: { url: PUBLIC_URL } } },
    ]);
    // Her Telegram app is in English; her choice wins.
    await bot.handleUpdate(textUpdate(anna, '/cancel'));
    expect(fake.textsTo(anna.id).at(-1)).toBe('Отменять нечего.');

    await choose('en');
    expect(await worker.drainOnce()).toBe(1);
    expect(menuButtons().at(-1)).toEqual({ chat_id: anna.id, menu_button: { type: 'default' } });
    await bot.handleUpdate(textUpdate(anna, '/cancel'));
    expect(fake.textsTo(anna.id).at(-1)).toBe('There is nothing to cancel.');
  });

  it('saving the profile without changing the language asks nothing of the bot', async () => {
    await choose('en');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${await t.app.deps.tokens.sign(anna.id)}` },
      payload: { displayName: 'Anna K.' },
    });
    expect(res.statusCode).toBe(200);
    expect((await outboxRows(t.db)).filter((row) => row.kind === 'chat_language')).toEqual([]);
  });
});
