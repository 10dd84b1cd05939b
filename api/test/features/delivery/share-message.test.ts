import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_ERRORS, MESSAGES, packAppLink } from '@stickerdrop/shared';
import { startFakeBotApi, type FakeBotApi } from '../../fakes/bot-api.js';
import { buildTestApp, type TestApp } from '../../helpers.js';
import { createUser, type TestUser } from '../../users.js';
import { createPack } from '../orders/fixtures.js';

/** POST /api/stickers/:id/share-message: the bot prepares a message presenting the pack for shareMessage. */
describe('POST /api/stickers/:id/share-message', () => {
  let telegram: FakeBotApi;
  let t: TestApp;
  let pack: { id: number };
  let user: TestUser;

  beforeEach(async () => {
    telegram = await startFakeBotApi();
    t = await buildTestApp({ config: { telegramApiRoot: telegram.apiRoot } });
    pack = await createPack(t, { title: 'Rocket Cats' });
    user = await createUser(t, { id: 5151 });
  });
  afterEach(async () => {
    await t.close();
    await telegram.close();
  });

  const share = (id: number | string, headers: Record<string, string> = user.headers) =>
    t.app.inject({ method: 'POST', url: `/api/stickers/${id}/share-message`, headers });

  it("saves a prepared inline message for the signed-in user and answers the Bot API's id", async () => {
    const res = await share(pack.id);
    expect(res.statusCode).toBe(200);
    const [call] = telegram.acceptedCallsTo('savePreparedInlineMessage');
    expect(res.json()).toEqual({ id: (call!.result as { id: string }).id });
    const link = packAppLink(t.config.botUsername!, pack.id);
    expect(call!.params).toMatchObject({
      user_id: user.id,
      allow_user_chats: true,
      allow_group_chats: true,
      result: {
        type: 'article',
        id: `pack_${pack.id}`,
        title: 'Rocket Cats',
        reply_markup: { inline_keyboard: [[{ text: 'Open in Stickerdrop', url: link }]] },
      },
    });
    expect(
      (call!.params.result as { input_message_content: { message_text: string } }).input_message_content,
    ).toMatchObject({ message_text: expect.stringContaining(link) as string });
  });

  it('401 signed out, 404 for an unknown pack, 409 for a demo user (no Telegram account)', async () => {
    expect((await share(pack.id, {})).statusCode).toBe(401);
    const missing = await share(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: MESSAGES.packNotFound });
    const demo = await createUser(t, { id: -91 });
    const refused = await share(pack.id, demo.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: API_ERRORS.telegramAccountRequired });
    expect(telegram.callsTo('savePreparedInlineMessage')).toHaveLength(0);
  });

  it('503 when the Bot API refuses or no bot is configured: the mini-app then shares the link', async () => {
    telegram.fail('savePreparedInlineMessage', { error_code: 400, description: 'Bad Request: USER_ID_INVALID' });
    const refused = await share(pack.id);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ error: API_ERRORS.shareMessageUnavailable });

    const noBot = await buildTestApp({ config: { botToken: undefined } });
    try {
      const other = await createUser(noBot, { id: 5252 });
      const res = await noBot.app.inject({
        method: 'POST',
        url: `/api/stickers/${(await createPack(noBot)).id}/share-message`,
        headers: other.headers,
      });
      expect(res.statusCode).toBe(503);
    } finally {
      await noBot.close();
    }
  });
});
