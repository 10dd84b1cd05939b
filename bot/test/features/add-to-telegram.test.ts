import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tables } from '@stickerdrop/core/testing';
import { insertPack, insertUser, purchase } from '../support/fixtures.js';
import { createHarness, type Harness } from '../support/harness.js';
import { callbackUpdate, telegramUser } from '../support/updates.js';

const OWNER = telegramUser(7_300_001, 'Olga', 'olga');
const STRANGER = telegramUser(7_300_002, 'Stan', 'stan');

/** "Add to Telegram" under a gift's message, pressed in the chat: a real callback_query update. */
describe('Add to Telegram button', () => {
  let t: Harness;
  let packId: number;
  const message = (chat: number) => ({ message_id: 77, date: 0, chat: { id: chat, type: 'private' }, text: 'Gift' });

  beforeEach(async () => {
    t = await createHarness();
    const creator = await insertUser(t.db, { id: 7_300_000, isCreator: true });
    await insertUser(t.db, { id: OWNER.id, firstName: 'Olga' });
    await insertUser(t.db, { id: STRANGER.id, firstName: 'Stan', language: 'ru' });
    packId = await insertPack(t, creator, { title: 'Space Cats', maxSupply: 10 });
    await purchase(t.db, OWNER.id, packId);
  });
  afterEach(() => t.close());

  const deliveries = () => t.db.select().from(tables.outbox).where(eq(tables.outbox.kind, 'sticker_set_delivery'));

  it('queues the owner’s sticker set, one job per tap, and says so on the button', async () => {
    await t.send(callbackUpdate(OWNER, message(OWNER.id), `set:add:${packId}`));
    await t.send(callbackUpdate(OWNER, message(OWNER.id), `set:add:${packId}`));
    expect((await deliveries()).map((row) => row.payload)).toEqual([
      { userId: OWNER.id, packId },
      { userId: OWNER.id, packId },
    ]);
    const answers = t.api.actions.filter((call) => call.method === 'answerCallbackQuery');
    expect(answers.map((call) => call.params.text)).toEqual([
      'Your sticker set is on its way: the bot will send its link in a moment.',
      'Your sticker set is on its way: the bot will send its link in a moment.',
    ]);
  });

  it('someone who owns no edition of the pack is told so, in their language, and nothing is queued', async () => {
    await t.send(callbackUpdate(STRANGER, message(STRANGER.id), `set:add:${packId}`));
    expect(await deliveries()).toEqual([]);
    const [answer] = t.api.actions.filter((call) => call.method === 'answerCallbackQuery');
    expect(answer!.params).toMatchObject({ text: 'У вас больше нет экземпляра этого стикерпака.', show_alert: true });
  });
});
