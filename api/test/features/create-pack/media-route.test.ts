import fs from 'node:fs';
import { asc, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, CreatePackResponse, MAX_VIDEO_STICKER_BYTES, PackListResponse } from '@stickerdrop/shared';
import { mediaBinaries, tables } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, rateLimitsWith, type TestApp } from '../../helpers.js';
import { createCreator, type TestUser } from '../../users.js';
import { file, makeImage, multipart, postPack, recordStorageWrites, validFields } from './fixtures.js';
import { lottieDocument, makeTgs, makeVideo, probeFile } from './media-fixtures.js';

describe('the shipped media tools', () => {
  it('are executable binaries inside the npm packages (no install script needed)', () => {
    for (const binary of Object.values(mediaBinaries())) {
      expect(binary).toMatch(/node_modules\/@ff(mpeg|probe)-installer\//);
      fs.accessSync(binary, fs.constants.X_OK);
    }
  });
});

describeEachDatabase('POST /api/stickers with animations, emoji and custom emoji', (kind) => {
  let t: TestApp;
  let creator: TestUser;
  let png: Buffer;
  let gif: Buffer;
  beforeAll(async () => {
    t = await buildTestApp({ kind, config: rateLimitsWith({ upload: { max: 1_000, windowMs: 3_600_000 } }) });
    creator = await createCreator(t);
    png = await makeImage('png', 600, 400);
    gif = await makeVideo('gif', { width: 320, height: 240, fps: 10, seconds: 1 });
  });
  afterAll(() => t.close());

  const packCount = async () => Number((await t.db.select({ n: count() }).from(tables.packs))[0]!.n);
  const upload = (name: string, bytes: Buffer) => ({
    name: 'image',
    file: file(bytes, name, 'application/octet-stream'),
  });
  const stickerRows = (packId: number) =>
    t.db
      .select()
      .from(tables.packStickers)
      .where(eq(tables.packStickers.packId, packId))
      .orderBy(asc(tables.packStickers.position));
  const stored = async (key: string) => (await t.storage.get(key))!.bytes;

  async function create(files: ReturnType<typeof upload>[], fields: Record<string, string> = {}) {
    const res = await postPack(t, creator.headers, await multipart({ ...validFields, ...fields }, files));
    expect(res.statusCode, res.body).toBe(201);
    return CreatePackResponse.parse(res.json()).sticker;
  }

  /** The refusal's status and message, and nothing changed: no pack row and no stored file. */
  async function expectRefused(files: ReturnType<typeof upload>[], error: string, fields: Record<string, string> = {}) {
    const before = await packCount();
    const written = recordStorageWrites(t);
    const res = await postPack(t, creator.headers, await multipart({ ...validFields, ...fields }, files));
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { error } });
    expect(written).toEqual([]);
    expect(await packCount()).toBe(before);
  }

  it('makes one pack of a GIF, a TGS and a PNG: a video, an animated and a static sticker with their emoji', async () => {
    const tgs = makeTgs();
    const sticker = await create([upload('a.gif', gif), upload('b.tgs', tgs), upload('c.png', png)], {
      emoji: JSON.stringify([['😀', '🎉'], ['🔥'], ['🐱', '👍🏽', '🇺🇦']]),
      keywords: JSON.stringify([['party', ' party ', 'hello'], [], ['cat']]),
    });
    expect(sticker).toMatchObject({ kind: 'stickers', animated: true, stickersCount: 3 });
    expect(sticker.stickers.map(({ format, emoji, keywords }) => ({ format, emoji, keywords }))).toEqual([
      { format: 'video', emoji: ['😀', '🎉'], keywords: ['party', 'hello'] },
      { format: 'animated', emoji: ['🔥'], keywords: [] },
      { format: 'static', emoji: ['🐱', '👍🏽', '🇺🇦'], keywords: ['cat'] },
    ]);

    const rows = await stickerRows(sticker.id);
    expect(rows.map((row) => row.fileKey.split('.').pop())).toEqual(['webm', 'tgs', 'webp']);
    // The video: VP9 alone (no audio), the longer side 512, at most 30 fps, 3 s and 256 KB.
    const webm = await stored(rows[0]!.fileKey);
    expect(webm.length).toBeLessThanOrEqual(MAX_VIDEO_STICKER_BYTES);
    expect(await probeFile(webm)).toMatchObject({ codecs: ['vp9'], types: ['video'], width: 512, height: 384 });
    // The TGS is kept byte for byte; the originals too.
    expect((await stored(rows[1]!.fileKey)).equals(tgs)).toBe(true);
    expect((await stored(rows[0]!.originalKey!)).equals(gif)).toBe(true);
    // Every sticker has a still preview: a WEBP image of its first frame, drawn (not blank) for the TGS.
    for (const row of rows) expect((await sharp(await stored(row.previewKey!)).metadata()).format).toBe('webp');
    const tgsStill = await sharp(await stored(rows[1]!.previewKey!)).stats();
    expect(tgsStill.channels[3]!.max).toBe(255);
    expect(tgsStill.channels[0]!.max).toBeGreaterThan(200); // the orange box

    // The card says it is animated, in the listing as in the detail.
    const list = PackListResponse.parse((await t.app.inject({ url: '/api/stickers?sort=newest' })).json());
    expect(list.items.find((card) => card.id === sticker.id)).toMatchObject({ kind: 'stickers', animated: true });
  });

  it('turns an MP4 of 60 fps with sound into a silent 30 fps VP9 sticker, and takes a WEBM', async () => {
    const mp4 = await makeVideo('mp4', { width: 640, height: 360, fps: 60, seconds: 1 });
    const webmIn = await makeVideo('webm', { width: 240, height: 320, fps: 24, seconds: 1 });
    const sticker = await create([upload('clip.mp4', mp4), upload('clip.webm', webmIn)]);
    expect(sticker.stickers.map((s) => [s.format, s.emoji])).toEqual([
      ['video', ['🎨']],
      ['video', ['🎨']],
    ]);
    const rows = await stickerRows(sticker.id);
    const first = await probeFile(await stored(rows[0]!.fileKey));
    expect(first).toMatchObject({ codecs: ['vp9'], types: ['video'], width: 512, height: 288 });
    expect(first.fps).toBeLessThanOrEqual(30);
    expect(await probeFile(await stored(rows[1]!.fileKey))).toMatchObject({ width: 384, height: 512 });
  });

  it('takes a 3 s, 30 fps GIF (3.01 s in GIF centiseconds) and makes a sticker of at most 3 s', async () => {
    const gif30 = await makeVideo('gif', { width: 64, height: 64, fps: 30, seconds: 3 });
    expect((await probeFile(gif30)).seconds).toBeGreaterThan(3);
    const sticker = await create([upload('three.gif', gif30)]);
    const [row] = await stickerRows(sticker.id);
    expect((await probeFile(await stored(row!.fileKey))).seconds).toBeLessThanOrEqual(3);
  });

  it('refuses an animation longer than 3 s, a GIF as an MP4, before encoding anything', async () => {
    const long = await makeVideo('gif', { width: 64, height: 64, fps: 5, seconds: 4 });
    await expectRefused([upload('p.png', png), upload('long.gif', long)], API_ERRORS.animationTooLong);
    const longMp4 = await makeVideo('mp4', { width: 64, height: 64, fps: 5, seconds: 4 });
    await expectRefused([upload('long.mp4', longMp4)], API_ERRORS.animationTooLong);
  });

  it('re-encodes at lower quality until 256 KB, and refuses noise that never fits', async () => {
    const noise = await makeVideo('mp4', { width: 128, height: 128, fps: 10, seconds: 2.9, noise: true });
    await expectRefused([upload('noise.mp4', noise)], API_ERRORS.videoTooLarge);
  });

  it('refuses each broken TGS rule with its own message', async () => {
    const bulky = makeTgs({ ...lottieDocument(), nm: randomText(90_000) });
    const cases: [Buffer, string][] = [
      [bulky, API_ERRORS.tgsTooLarge],
      [makeTgs(lottieDocument({ w: 256, h: 256 })), API_ERRORS.tgsCanvas],
      [makeTgs(lottieDocument({ fr: 90, seconds: 1 })), API_ERRORS.tgsFrameRate],
      [makeTgs(lottieDocument({ seconds: 4 })), API_ERRORS.animationTooLong],
      [makeTgs('not a lottie document'), API_ERRORS.tgsInvalid],
      [makeTgs({ ...lottieDocument(), layers: undefined }), API_ERRORS.tgsInvalid],
      [makeTgs().subarray(0, 40), API_ERRORS.tgsInvalid],
    ];
    expect(bulky.length).toBeGreaterThan(64 * 1024);
    for (const [tgs, error] of cases) await expectRefused([upload('s.tgs', tgs)], error);
  });

  it('makes a custom emoji pack: 100×100 stickers of every format, and a 100×100 TGS canvas', async () => {
    const sticker = await create(
      [upload('e.png', png), upload('e.gif', gif), upload('e.tgs', makeTgs(lottieDocument({ w: 100, h: 100 })))],
      { kind: 'emoji', emoji: JSON.stringify([['😎'], ['🌀'], ['⭐']]) },
    );
    expect(sticker).toMatchObject({ kind: 'emoji', animated: true });
    const rows = await stickerRows(sticker.id);
    const still = await sharp(await stored(rows[0]!.fileKey)).metadata();
    expect([still.format, still.width, still.height]).toEqual(['webp', 100, 100]);
    expect(await probeFile(await stored(rows[1]!.fileKey))).toMatchObject({ codecs: ['vp9'], width: 100, height: 100 });
    await expectRefused([upload('big.tgs', makeTgs())], API_ERRORS.tgsEmojiCanvas, { kind: 'emoji' });
  });

  it('refuses a malformed kind, emoji or keywords with a 400 that stores nothing', async () => {
    const two = [upload('a.png', png), upload('b.png', png)];
    await expectRefused(two, API_ERRORS.invalidKind, { kind: 'gifs' });
    for (const emoji of ['not json', '[["😀"]]', '[["😀"],[]]', '[["😀"],["a"]]', '{"0":["😀"]}', '[["😀"],"😀"]']) {
      await expectRefused(two, API_ERRORS.invalidEmoji, { emoji });
    }
    const tooMany = [...'😀😁😂🤣😃😄😅😆😉😊😋😎😍😘🥰😗😙🥲😚🙂🤗'];
    expect(tooMany).toHaveLength(21);
    await expectRefused(two, API_ERRORS.invalidEmoji, { emoji: JSON.stringify([tooMany, ['😀']]) });
    await expectRefused(two, API_ERRORS.invalidKeywords, { keywords: JSON.stringify([['x'.repeat(65)], []]) });
    const words = Array.from({ length: 21 }, (_, i) => `k${i}`);
    await expectRefused(two, API_ERRORS.invalidKeywords, { keywords: JSON.stringify([words, []]) });
  });
});

function randomText(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from({ length }, () => alphabet[(Math.random() * alphabet.length) | 0]).join('');
}
