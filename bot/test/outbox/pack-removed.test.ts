import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findStickerSet, recordStickerSet, takeDownPack } from '@stickerdrop/core';
import { buildTestApp, type TestApp } from '../../../api/test/helpers.js';
import { BOT_USER, startFakeBotApi, type FakeBotApi } from '../../../api/test/fakes/bot-api.js';
import { insertPack, insertUser, purchase } from '../support/fixtures.js';
import { outboxWorker } from '../support/outbox-worker.js';

const CREATOR = 930;
const OWNER = 7272;
const BIDDERLESS_OWNER = 7273;
const OPERATOR = 4_242_901;

/** A copyright takedown, as the bot carries it out: each owner's set deleted, creator and owners told why. */
describe('a pack taken down by the marketplace, in the chat', () => {
  let t: TestApp;
  let fake: FakeBotApi;

  beforeEach(async () => {
    t = await buildTestApp({ config: { operatorIds: [OPERATOR] } });
    fake = await startFakeBotApi();
    await insertUser(t.db, { id: CREATOR, isCreator: true, firstName: 'Carla' });
    await insertUser(t.db, { id: OWNER, firstName: 'Ola' });
    await insertUser(t.db, { id: BIDDERLESS_OWNER, firstName: 'Olga', language: 'ru' });
  });
  afterEach(async () => {
    await fake.close();
    await t.close();
  });

  it('deletes the owners’ sets and tells the creator and each owner, in their language', async () => {
    const packId = await insertPack(t, CREATOR, { title: 'Mice <3', stickers: 1 });
    await purchase(t.db, OWNER, packId);
    await purchase(t.db, BIDDERLESS_OWNER, packId);
    // Ola made her set in Telegram; Olga never did.
    const name = `mice_${packId}_by_${BOT_USER.username}`;
    await recordStickerSet(t.db, { userId: OWNER, packId, name });
    fake.stickerSets.set(name, { name, title: 'Mice', ownerId: OWNER, stickerType: 'regular', stickers: [] });

    await takeDownPack(t.db, { operatorId: OPERATOR, packId, reason: 'copyright', note: '', now: new Date() });
    const { worker } = outboxWorker(t, fake);
    await worker.drainOnce();
    await worker.drainOnce();

    expect(fake.callsTo('deleteStickerSet').map((call) => call.params.name)).toEqual([name]);
    expect(await findStickerSet(t.db, OWNER, packId)).toBeNull();
    const texts = (chatId: number) =>
      fake
        .callsTo('sendMessage')
        .filter((call) => call.params.chat_id === chatId)
        .map((call) => String(call.params.text));
    expect(texts(CREATOR).at(-1)).toBe(
      "The marketplace removed your pack <b>Mice &lt;3</b>: it was reported as infringing someone's copyright. " +
        'It is no longer shown or sold; its owners keep their editions.\n\n' +
        'Every purchase of it is being refunded to its buyer in full, and what you received for it is taken back ' +
        'from your balance: shares paid to your wallet become a debt your next earnings pay back.',
    );
    expect(texts(OWNER).at(-1)).toContain('Your edition stays in your collection, marked removed');
    expect(texts(OWNER).at(-1)).toContain('your Telegram sticker set of it has been deleted');
    expect(texts(BIDDERLESS_OWNER).at(-1)).toContain('Маркетплейс удалил <b>Mice &lt;3</b>');
  });
});
