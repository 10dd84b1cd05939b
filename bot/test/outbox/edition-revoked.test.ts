import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../api/test/helpers.js';
import { BOT_USER, startFakeBotApi, type FakeBotApi } from '../../../api/test/fakes/bot-api.js';
import { insertPack, insertUser } from '../support/fixtures.js';
import { outboxWorker } from '../support/outbox-worker.js';
import { enqueueOutbox, outboxKey } from '@stickerdrop/core/testing';

const CREATOR = 920;
const OWNER = 7171;
type Keyboard = { inline_keyboard: Array<Array<{ text: string; url?: string }>> };

/** The message of a revoked Stars edition (reconciliation found the payment refunded by Telegram). */
describe('edition revoked message', () => {
  let t: TestApp;
  let fake: FakeBotApi;

  beforeEach(async () => {
    t = await buildTestApp();
    fake = await startFakeBotApi();
    await insertUser(t.db, { id: CREATOR, isCreator: true });
    await insertUser(t.db, { id: OWNER, firstName: 'Ola' });
  });
  afterEach(async () => {
    await fake.close();
    await t.close();
  });

  it('tells the owner once, with the pack to open', async () => {
    const packId = await insertPack(t, CREATOR, { title: 'Cats <&> Dogs', stickers: 1 });
    const payload = { userId: OWNER, packId, title: 'Cats <&> Dogs', serial: 2, maxSupply: 3, stars: 375 };
    const key = outboxKey.edition_revoked(1);
    expect(await enqueueOutbox(t.db, 'edition_revoked', payload, key)).toBe(true);
    expect(await enqueueOutbox(t.db, 'edition_revoked', payload, key)).toBe(false);
    const { worker } = outboxWorker(t, fake);
    await worker.drainOnce();
    await worker.drainOnce();

    const sent = fake.callsTo('sendMessage').map((call) => call.params);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.chat_id).toBe(OWNER);
    expect(sent[0]!.text).toBe(
      'Telegram refunded the 375 Stars you paid for Cats &lt;&amp;&gt; Dogs, so edition #2 of 3 is no longer yours ' +
        'and has gone back on sale.',
    );
    const button = (sent[0]!.reply_markup as Keyboard).inline_keyboard[0]![0]!;
    expect(button.url).toContain(`https://t.me/${BOT_USER.username}?startapp=`);
  });
});
