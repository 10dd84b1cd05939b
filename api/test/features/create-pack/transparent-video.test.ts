import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatePackResponse } from '@stickerdrop/shared';
import { tables } from '@stickerdrop/core/testing';
import { buildTestApp, rateLimitsWith, type TestApp } from '../../helpers.js';
import { createCreator, type TestUser } from '../../users.js';
import { file, multipart, postPack, validFields } from './fixtures.js';
import { firstFrameRgba, makeVideo } from './media-fixtures.js';

/**
 * Whether an image's corner (the clear background) is clear and its centre (the blue box) opaque. VP9 codes
 * alpha lossily, so a few steps of noise are allowed; an opaque black corner has alpha 255.
 */
async function clearAroundOpaque(image: Buffer) {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3]!;
  return { clearCorner: alphaAt(2, 2) <= 8, opaqueCentre: alphaAt(info.width >> 1, info.height >> 1) >= 247 };
}

const CLEAR_AROUND_OPAQUE = { clearCorner: true, opaqueCentre: true };

describe('a transparent WEBM upload', () => {
  let t: TestApp;
  let creator: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ config: rateLimitsWith({ upload: { max: 100, windowMs: 3_600_000 } }) });
    creator = await createCreator(t);
  });
  afterAll(() => t.close());

  async function uploadWebm(kind: 'stickers' | 'emoji') {
    const webm = await makeVideo('webm', { width: 320, height: 320, fps: 10, seconds: 1, alpha: true });
    // The fixture itself is transparent where it should be, or the test would prove nothing.
    expect(await clearAroundOpaque(await firstFrameRgba(webm))).toEqual(CLEAR_AROUND_OPAQUE);
    const body = await multipart({ ...validFields, kind }, [
      { name: 'image', file: file(webm, 'clear.webm', 'video/webm') },
    ]);
    const res = await postPack(t, creator.headers, body);
    expect(res.statusCode, res.body).toBe(201);
    const packId = CreatePackResponse.parse(res.json()).sticker.id;
    const [row] = await t.db
      .select()
      .from(tables.packStickers)
      .where(eq(tables.packStickers.packId, packId))
      .orderBy(asc(tables.packStickers.position));
    const stored = async (key: string) => (await t.storage.get(key))!.bytes;
    return { sticker: await stored(row!.fileKey), preview: await stored(row!.previewKey!) };
  }

  it('stays clear around its picture in the sticker Telegram takes and in the still visitors see', async () => {
    const { sticker, preview } = await uploadWebm('stickers');
    expect(await clearAroundOpaque(await firstFrameRgba(sticker))).toEqual(CLEAR_AROUND_OPAQUE);
    expect(await clearAroundOpaque(preview)).toEqual(CLEAR_AROUND_OPAQUE);
  });

  it('stays clear as a 100×100 custom emoji too', async () => {
    const { sticker, preview } = await uploadWebm('emoji');
    expect(await clearAroundOpaque(await firstFrameRgba(sticker))).toEqual(CLEAR_AROUND_OPAQUE);
    expect(await clearAroundOpaque(preview)).toEqual(CLEAR_AROUND_OPAQUE);
  });
});
