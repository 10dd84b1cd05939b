import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPack } from '@stickerdrop/core';
import { lottieDocument, makeTgs, makeVideo } from '../../../api/test/features/create-pack/media-fixtures.js';
import { buildTestApp, type TestApp } from '../../../api/test/helpers.js';
import { FIRST_BATCH } from '../../src/outbox/sticker-set.js';
import { BOT_USER, startFakeBotApi, type FakeBotApi } from '../../../api/test/fakes/bot-api.js';
import { customEmojiId } from '../../../api/test/fakes/fake-sticker-sets.js';
import { insertPack, insertUser, makeImage, outboxRows, purchase } from '../support/fixtures.js';
import { outboxWorker } from '../support/outbox-worker.js';
import { tables } from '@stickerdrop/core/testing';

const OWNER = 4242;
const CREATOR = 900;
const STICKERS = 13;
type Keyboard = { inline_keyboard: Array<Array<{ text: string; url?: string }>> };

/** "Add to Telegram" from the tap in the mini-app (the API route) to the link in the owner's chat. */
describe('sticker set delivery', () => {
  let t: TestApp;
  let fake: FakeBotApi;
  let packId: number;
  let setName: string;

  beforeEach(async () => {
    t = await buildTestApp();
    fake = await startFakeBotApi();
    await insertUser(t.db, { id: CREATOR, isCreator: true });
    await insertUser(t.db, { id: OWNER, firstName: 'Olga' });
    packId = await insertPack(t, CREATOR, { title: 'Space Cats', stickers: STICKERS });
    await purchase(t.db, OWNER, packId);
    // The purchase's receipt and sale notice are not what these cases are about.
    await t.db.delete(tables.outbox);
  });
  afterEach(async () => {
    await fake.close();
    await t.close();
  });

  /** The name the delivery chose and recorded for the owner's set of `pack`. */
  async function recordedName(pack = packId): Promise<string> {
    const sets = await t.db.select().from(tables.telegramStickerSets);
    return sets.find((set) => set.packId === pack)!.name;
  }

  async function tap(): Promise<void> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/stickers/${packId}/telegram-set`,
      headers: { authorization: `Bearer ${await t.app.deps.tokens.sign(OWNER)}` },
    });
    expect(res.statusCode).toBe(202);
  }

  function expectLinkSent(call: { params: Record<string, unknown> } | undefined) {
    expect(call?.params.chat_id).toBe(OWNER);
    expect(call?.params.text).toContain(`https://t.me/addstickers/${setName}`);
    expect(call?.params.text).toContain('<b>Space Cats</b>');
    const button = (call?.params.reply_markup as Keyboard).inline_keyboard[0]![0]!;
    expect(button).toEqual({ text: 'Add to Telegram', url: `https://t.me/addstickers/${setName}` });
  }

  it('creates the owner’s set (first batch, then one by one) and sends its t.me/addstickers link', async () => {
    await tap();
    const { worker } = outboxWorker(t, fake);
    expect(await worker.drainOnce()).toBe(1);
    setName = await recordedName();
    // Sets are public by name: the pack id and the owner id are public, so the name has a random part.
    expect(setName).toMatch(new RegExp(`^p${packId}_[a-z0-9]{16}_by_${BOT_USER.username}$`));
    expect(setName).not.toContain(String(OWNER));

    const [create] = fake.callsTo('createNewStickerSet');
    expect(fake.callsTo('createNewStickerSet')).toHaveLength(1);
    expect(create!.params).toMatchObject({ user_id: OWNER, name: setName, title: 'Space Cats' });
    const first = create!.params.stickers as Array<{ sticker: string; format: string; emoji_list: string[] }>;
    expect(first).toHaveLength(FIRST_BATCH);
    expect(first.every((sticker) => sticker.format === 'static' && sticker.emoji_list.length === 1)).toBe(true);
    // Every sticker is uploaded as a file: the pack's 512 px WEBP from storage.
    expect(Object.values(create!.files).every((file) => file.data.subarray(8, 12).toString() === 'WEBP')).toBe(true);
    expect(Object.keys(create!.files)).toHaveLength(FIRST_BATCH);
    expect(fake.callsTo('addStickerToSet')).toHaveLength(STICKERS - FIRST_BATCH);
    expect(fake.stickerSets.get(setName)?.stickers).toHaveLength(STICKERS);
    expect(fake.stickerSets.get(setName)?.ownerId).toBe(OWNER);
    expect(create!.params.sticker_type).toBe('regular');
    // The cover's still, 100×100, is the set's thumbnail.
    expect(fake.callsTo('setStickerSetThumbnail')).toHaveLength(1);
    const thumbnail = fake.stickerSets.get(setName)!.thumbnail!;
    expect(thumbnail.format).toBe('static');
    const thumb = await sharp(thumbnail.data).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 100, 100]);

    expect(fake.messagesTo(OWNER)).toHaveLength(1);
    expectLinkSent(fake.messagesTo(OWNER)[0]);
    const [record] = await t.db.select().from(tables.telegramStickerSets);
    expect(record).toMatchObject({ userId: OWNER, packId, name: setName });
    expect(record!.completedAt).toBeInstanceOf(Date);
    expect((await outboxRows(t.db)).map((row) => row.status)).toEqual(['sent']);
  });

  it('a second request re-sends the same link without making the set again', async () => {
    await tap();
    const { worker } = outboxWorker(t, fake);
    await worker.drainOnce();
    setName = await recordedName();
    fake.clearCalls();

    await tap();
    expect(await worker.drainOnce()).toBe(1);

    expect(fake.callsTo('createNewStickerSet')).toHaveLength(0);
    expect(fake.callsTo('addStickerToSet')).toHaveLength(0);
    expect(fake.callsTo('getStickerSet')).toHaveLength(0);
    expect(fake.messagesTo(OWNER)).toHaveLength(1);
    expectLinkSent(fake.messagesTo(OWNER)[0]);
    expect(fake.stickerSets.get(setName)?.stickers).toHaveLength(STICKERS);
  });

  it('resumes a half-made set after a failure, without a second set or duplicate stickers', async () => {
    await tap();
    // The connection drops on the third addStickerToSet: the row is retried later.
    fake.dropConnection('addStickerToSet', 1, 2);
    let now = new Date();
    const { worker } = outboxWorker(t, fake, { now: () => now, backoffMs: 1000 });
    await worker.drainOnce();
    setName = await recordedName();
    const [row] = await outboxRows(t.db);
    expect(row!.status).toBe('pending');
    expect(fake.messagesTo(OWNER)).toHaveLength(0);
    expect(fake.stickerSets.get(setName)?.stickers).toHaveLength(FIRST_BATCH + 2);
    expect((await t.db.select().from(tables.telegramStickerSets))[0]!.completedAt).toBeNull();

    now = new Date(now.getTime() + 60_000);
    expect(await worker.drainOnce()).toBe(1);

    expect(fake.callsTo('createNewStickerSet')).toHaveLength(1);
    expect(fake.callsTo('getStickerSet').length).toBeGreaterThanOrEqual(1);
    // 2 added before the drop, the dropped one and the rest after: 13 in all, none twice.
    expect(fake.callsTo('addStickerToSet').filter((call) => call.status === 200)).toHaveLength(STICKERS - FIRST_BATCH);
    expect(fake.stickerSets.get(setName)?.stickers).toHaveLength(STICKERS);
    expect(fake.messagesTo(OWNER)).toHaveLength(1);
    expectLinkSent(fake.messagesTo(OWNER)[0]);
    expect((await outboxRows(t.db)).map((row) => row.status)).toEqual(['sent']);
  });

  it('finds a set Telegram already has under its recorded name (made before a crash marked it complete)', async () => {
    await tap();
    const { worker: first } = outboxWorker(t, fake);
    await first.drainOnce();
    setName = await recordedName();
    // The set is whole in Telegram, but the crash came before the record said so.
    await t.db.update(tables.telegramStickerSets).set({ completedAt: null });
    fake.clearCalls();

    await tap();
    const { worker } = outboxWorker(t, fake);
    await worker.drainOnce();

    expect(fake.callsTo('createNewStickerSet')).toHaveLength(0);
    expect(fake.callsTo('addStickerToSet')).toHaveLength(0);
    expect(fake.stickerSets.get(setName)?.stickers).toHaveLength(STICKERS);
    expectLinkSent(fake.messagesTo(OWNER)[0]);
  });

  it('keeps a set made under the old guessable name: its link is re-sent, no second set is made', async () => {
    setName = `p${packId}_u${OWNER}_by_${BOT_USER.username}`;
    await tap();
    await t.db.insert(tables.telegramStickerSets).values({ userId: OWNER, packId, name: setName });
    const { worker } = outboxWorker(t, fake);
    await worker.drainOnce();
    fake.clearCalls();
    await t.db.update(tables.telegramStickerSets).set({ completedAt: new Date() });

    await tap();
    await worker.drainOnce();
    expect(fake.callsTo('createNewStickerSet')).toHaveLength(0);
    expect(await recordedName()).toBe(setName);
    expectLinkSent(fake.messagesTo(OWNER)[0]);
  });

  it('gives two owners of one pack two different names, neither made of their ids', async () => {
    const other = 4343;
    await insertUser(t.db, { id: other, firstName: 'Igor' });
    await purchase(t.db, other, packId);
    await t.db.delete(tables.outbox);
    await tap();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/stickers/${packId}/telegram-set`,
      headers: { authorization: `Bearer ${await t.app.deps.tokens.sign(other)}` },
    });
    expect(res.statusCode).toBe(202);
    const { worker } = outboxWorker(t, fake);
    expect(await worker.drainOnce()).toBe(2);
    const names = (await t.db.select().from(tables.telegramStickerSets)).map((set) => set.name);
    expect(new Set(names).size).toBe(2);
    for (const name of names) {
      expect(name).toMatch(new RegExp(`^p${packId}_[a-z0-9]{16}_by_${BOT_USER.username}$`));
      expect(name.length).toBeLessThanOrEqual(64);
    }
  });

  it('gives up on a job whose requester no longer owns the pack', async () => {
    await t.db.insert(tables.outbox).values({
      kind: 'sticker_set_delivery',
      dedupeKey: 'sticker_set:stranger',
      payload: { userId: CREATOR, packId },
    });
    const { worker } = outboxWorker(t, fake);
    await worker.drainOnce();
    const [row] = await outboxRows(t.db);
    expect(row).toMatchObject({ status: 'failed' });
    expect(row!.lastError).toContain('does not own');
    expect(fake.callsTo('createNewStickerSet')).toHaveLength(0);
    expect(fake.messagesTo(CREATOR)).toHaveLength(0);
  });

  /** A pack of a GIF, a TGS and a PNG with their own emoji and keywords, bought by the owner. */
  async function mixedPack(kind: 'stickers' | 'emoji'): Promise<{ id: number }> {
    const side = kind === 'emoji' ? 100 : 512;
    const id = await createPack(t, CREATOR, {
      images: [
        await makeVideo('gif', { width: 160, height: 120, fps: 10, seconds: 1 }),
        makeTgs(lottieDocument({ w: side, h: side })),
        await makeImage('png', 300, 200),
      ],
      title: kind === 'emoji' ? 'Tiny Faces' : 'Party Mix',
      price: '1',
      kind,
      emoji: [['🎉', '🥳'], ['🔥'], ['🐱']],
      keywords: [['party'], [], ['cat', 'kitty']],
    });
    await purchase(t.db, OWNER, id);
    await t.db.delete(tables.outbox);
    return { id };
  }

  async function deliver(id: number): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/stickers/${id}/telegram-set`,
      headers: { authorization: `Bearer ${await t.app.deps.tokens.sign(OWNER)}` },
    });
    expect(res.statusCode).toBe(202);
    const { worker } = outboxWorker(t, fake);
    expect(await worker.drainOnce()).toBe(1);
    return recordedName(id);
  }

  it('makes a mixed set with each sticker’s own format, emoji and keywords, and the cover as thumbnail', async () => {
    const pack = await mixedPack('stickers');
    const name = await deliver(pack.id);
    const [create] = fake.callsTo('createNewStickerSet');
    expect(create!.params.sticker_type).toBe('regular');
    const stickers = create!.params.stickers as Array<Record<string, unknown>>;
    expect(stickers.map(({ format, emoji_list, keywords }) => ({ format, emoji_list, keywords }))).toEqual([
      { format: 'video', emoji_list: ['🎉', '🥳'], keywords: ['party'] },
      { format: 'animated', emoji_list: ['🔥'], keywords: undefined },
      { format: 'static', emoji_list: ['🐱'], keywords: ['cat', 'kitty'] },
    ]);
    expect(fake.stickerSets.get(name)!.stickers.map((sticker) => sticker.format)).toEqual([
      'video',
      'animated',
      'static',
    ]);
    expect(fake.stickerSets.get(name)!.thumbnail?.format).toBe('static');
    expect(fake.messagesTo(OWNER)).toHaveLength(1);
  });

  it('makes an emoji pack a custom emoji set, whose first sticker stands for it', async () => {
    const pack = await mixedPack('emoji');
    const name = await deliver(pack.id);
    const [create] = fake.callsTo('createNewStickerSet');
    expect(create!.params.sticker_type).toBe('custom_emoji');
    expect(fake.stickerSets.get(name)!.stickerType).toBe('custom_emoji');
    expect(fake.stickerSets.get(name)!.stickers.map((sticker) => sticker.emojiList)).toEqual([
      ['🎉', '🥳'],
      ['🔥'],
      ['🐱'],
    ]);
    // setStickerSetThumbnail is for regular sets only; Telegram shows a custom emoji set's first sticker.
    expect(fake.callsTo('setStickerSetThumbnail')).toHaveLength(0);
    expect(fake.messagesTo(OWNER)).toHaveLength(1);
  });

  async function customEmojiOf(id: number, user = OWNER) {
    return t.app.inject({
      method: 'GET',
      url: `/api/stickers/${id}/custom-emoji`,
      headers: { authorization: `Bearer ${await t.app.deps.tokens.sign(user)}` },
    });
  }

  it('keeps the custom emoji ids Telegram gave the set, in the pack’s order, for the owner’s emoji status', async () => {
    const pack = await mixedPack('emoji');
    expect((await customEmojiOf(pack.id)).json()).toEqual({ customEmojiIds: [] });
    const name = await deliver(pack.id);
    const ids = fake.stickerSets.get(name)!.stickers.map(customEmojiId);
    expect(new Set(ids).size).toBe(3);
    const [set] = await t.db.select().from(tables.telegramStickerSets);
    expect(set!.customEmojiIds).toEqual(ids);
    const res = await customEmojiOf(pack.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ customEmojiIds: ids });

    // Asking again re-sends the link and reads nothing from Telegram: the ids are kept.
    const reads = fake.callsTo('getStickerSet').length;
    await deliver(pack.id);
    expect(fake.callsTo('getStickerSet')).toHaveLength(reads);
  });

  it('reads the ids of a custom emoji set made before they were kept, when the owner asks again', async () => {
    const pack = await mixedPack('emoji');
    const name = await deliver(pack.id);
    await t.db.update(tables.telegramStickerSets).set({ customEmojiIds: null });
    await deliver(pack.id);
    const [set] = await t.db.select().from(tables.telegramStickerSets);
    expect(set!.customEmojiIds).toEqual(fake.stickerSets.get(name)!.stickers.map(customEmojiId));
  });

  it('offers custom emoji only to owners of a custom emoji pack', async () => {
    const emoji = await mixedPack('emoji');
    // The pack every case starts with is a sticker pack the owner holds.
    const notEmoji = await customEmojiOf(packId);
    expect(notEmoji.statusCode).toBe(404);
    expect(notEmoji.json()).toEqual({ error: 'This pack has no custom emoji' });
    expect((await customEmojiOf(emoji.id, CREATOR + 1)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/stickers/${emoji.id}/custom-emoji` })).statusCode).toBe(401);
    expect((await customEmojiOf(987_654)).statusCode).toBe(404);
    // A regular set has no ids to read: its delivery never asks for them.
    await deliver(packId);
    expect(fake.callsTo('getStickerSet')).toHaveLength(1);
  });
});
