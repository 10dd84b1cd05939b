import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CreatePackResponse, PackDetail } from '@stickerdrop/shared';
import { makeMissingPreviews } from '@stickerdrop/core';
import { tables } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, rateLimitsWith, type TestApp } from '../../helpers.js';
import { createCreator, type TestUser } from '../../users.js';
import { insertPack } from '../packs/fixtures.js';
import { file, makeImage, multipart, postPack, validFields } from './fixtures.js';
import { lottieDocument, makeTgs, makeVideo } from './media-fixtures.js';

/** An animated WEBP's pages, their size, how long it plays, and whether its first frame's corner is clear. */
async function animation(bytes: Buffer) {
  const meta = await sharp(bytes, { animated: true }).metadata();
  const corner = await sharp(bytes).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
  return {
    format: meta.format,
    width: meta.width,
    pageHeight: meta.pageHeight,
    pages: meta.pages,
    milliseconds: (meta.delay ?? []).reduce((sum, delay) => sum + delay, 0),
    cornerAlpha: corner[3],
  };
}

/**
 * Visitors see moving stickers move: each animated or video sticker gets a public moving preview, an
 * animated WEBP smaller than the sticker at 10 frames a second, which is never the file Telegram takes.
 */
describeEachDatabase('moving previews of animated and video stickers', (kind) => {
  let t: TestApp;
  let creator: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ kind, config: rateLimitsWith({ upload: { max: 100, windowMs: 3_600_000 } }) });
    creator = await createCreator(t);
  });
  afterAll(() => t.close());

  const upload = (name: string, bytes: Buffer) => ({
    name: 'image',
    file: file(bytes, name, 'application/octet-stream'),
  });
  const stored = async (key: string) => (await t.storage.get(key))!.bytes;

  it('a WEBM, a TGS and a PNG: the two that move carry a public moving preview, the still one none', async () => {
    const webm = await makeVideo('webm', { width: 320, height: 240, fps: 10, seconds: 1 });
    const tgs = makeTgs(lottieDocument({ seconds: 2 }));
    const body = await multipart(validFields, [
      upload('a.webm', webm),
      upload('b.tgs', tgs),
      upload('c.png', await makeImage('png', 300, 200)),
    ]);
    const res = await postPack(t, creator.headers, body);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = CreatePackResponse.parse(res.json()).sticker;

    // A visitor: no file, but the stills and the moving previews.
    const detail = PackDetail.parse((await t.app.inject({ url: `/api/stickers/${id}` })).json());
    const [video, animated, still] = detail.stickers;
    expect(detail.stickers.map((sticker) => sticker.fileUrl)).toEqual([null, null, null]);
    expect(video!.motionPreviewUrl).toMatch(/^\/files\/previews\/[0-9a-f-]{36}\.webp$/);
    expect(animated!.motionPreviewUrl).toMatch(/^\/files\/previews\/[0-9a-f-]{36}\.webp$/);
    expect(still!.motionPreviewUrl).toBeNull();

    const rows = await t.db
      .select()
      .from(tables.packStickers)
      .where(eq(tables.packStickers.packId, id))
      .orderBy(asc(tables.packStickers.position));
    for (const [i, sticker] of [video!, animated!].entries()) {
      const served = await t.app.inject({ url: sticker.motionPreviewUrl! });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const bytes = served.rawPayload;
      expect(bytes.equals(await stored(rows[i]!.fileKey))).toBe(false);
      // 10 frames a second of the sticker's own length (1 s and 2 s), on a 192 px square whose corners
      // stay clear (the 4:3 video is centred on it).
      expect(await animation(bytes)).toEqual({
        format: 'webp',
        width: 192,
        pageHeight: 192,
        pages: i === 0 ? 10 : 20,
        milliseconds: i === 0 ? 1000 : 2000,
        cornerAlpha: 0,
      });
    }
    // Smaller than the sticker a buyer gets.
    expect((await stored(rows[0]!.motionPreviewKey!)).length).toBeLessThan((await stored(rows[0]!.fileKey)).length);
  });

  it('makes the moving previews a pack stored before them lacks, once', async () => {
    const packId = await insertPack(t.db, creator.id, {});
    const tgs = makeTgs(lottieDocument({ seconds: 1 }));
    await t.storage.put('packs/old.tgs', tgs, 'application/x-tgsticker');
    await t.db.insert(tables.packStickers).values([
      // Their stills were made when they were stored; only the moving previews are missing.
      { packId, position: 1, fileKey: 'packs/old.tgs', previewKey: 'previews/old-1.webp', format: 'animated' },
      { packId, position: 2, fileKey: 'packs/gone.webm', previewKey: 'previews/old-2.webp', format: 'video' },
    ]);
    const warnings: unknown[] = [];
    expect(await makeMissingPreviews({ db: t.db, storage: t.storage, log: { warn: (o) => warnings.push(o) } })).toBe(1);
    expect(warnings).toEqual([{ key: 'packs/gone.webm' }]);
    const [made, gone] = await t.db
      .select()
      .from(tables.packStickers)
      .where(eq(tables.packStickers.packId, packId))
      .orderBy(asc(tables.packStickers.position));
    expect(made!.motionPreviewKey).toMatch(/^previews\/[0-9a-f-]{36}\.webp$/);
    expect((await animation(await stored(made!.motionPreviewKey!))).pages).toBe(10);
    expect(gone!.motionPreviewKey).toBeNull();
    expect(await makeMissingPreviews({ db: t.db, storage: t.storage })).toBe(0);
  });
});
