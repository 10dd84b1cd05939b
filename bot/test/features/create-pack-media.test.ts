import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_ERRORS } from '@stickerdrop/shared';
import { createImagePool } from '@stickerdrop/core';
import { insertUser, makeImage } from '../support/fixtures.js';
import { miniappTexts } from '../support/miniapp-texts.js';
import { createHarness, type Harness } from '../support/harness.js';
import { animationUpdate, photoUpdate, stickerUpdate } from '../support/updates.js';
import { carla, newpackChat } from '../support/newpack-chat.js';
import { lottieDocument, makeTgs, makeVideo } from '../../../api/test/features/create-pack/media-fixtures.js';
import { tables } from '@stickerdrop/core/testing';

/** /newpack with moving stickers (GIF, MP4, TGS, WEBM, forwarded), custom emoji packs, and where it converts. */
describe('/newpack media', () => {
  let t: Harness;
  beforeEach(async () => {
    t = await createHarness();
  });
  afterEach(() => t.close());

  const { say, lastText, packs, sendDocument, finishPack } = newpackChat(() => t);

  it('takes a GIF animation, an MP4, a .tgs and a .webm file, and forwarded stickers with their own emoji', async () => {
    await insertUser(t.db, { id: carla.id, firstName: 'Carla', isCreator: true });
    await say('/newpack');
    // Each refusal says what the API would.
    const long = t.api.addFile(await makeVideo('gif', { width: 64, height: 64, fps: 5, seconds: 4 }), 'mp4');
    await t.send(animationUpdate(carla, long, 'long.gif.mp4', 4));
    expect(lastText()).toContain(API_ERRORS.animationTooLong);
    await sendDocument(makeTgs(lottieDocument({ w: 256, h: 256 })), 'application/x-tgsticker', 'small.tgs');
    expect(lastText()).toContain(API_ERRORS.tgsCanvas);

    const gif = t.api.addFile(await makeVideo('gif'), 'mp4');
    await t.send(animationUpdate(carla, gif, 'dance.gif.mp4'));
    await say('💃');
    const mp4 = t.api.addFile(await makeVideo('mp4', { fps: 60 }), 'mp4');
    await t.send(animationUpdate(carla, mp4, 'clip.mp4'));
    await say('🎬');
    await sendDocument(makeTgs(), 'application/x-tgsticker', 'spin.tgs', '🌀');
    await sendDocument(await makeVideo('webm'), 'video/webm', 'wave.webm', '👋🎉');
    const forwarded = t.api.addFile(makeTgs(), 'tgs');
    await t.send(stickerUpdate(carla, forwarded, { is_animated: true, is_video: false }, '😂'));
    expect(lastText()).toBe('Got it: 5 stickers. Send more, or /done.');
    await finishPack('Moving Pictures');

    expect(lastText()).toBe(miniappTexts('create-pack')['create-pack.toast.created']);
    const [pack] = await packs();
    expect(pack).toMatchObject({ kind: 'stickers', animated: true });
    const stickers = await t.db
      .select()
      .from(tables.packStickers)
      .where(eq(tables.packStickers.packId, pack!.id))
      .orderBy(tables.packStickers.position);
    expect(stickers.map((sticker) => [sticker.format, sticker.emoji])).toEqual([
      ['video', ['💃']],
      ['video', ['🎬']],
      ['animated', ['🌀']],
      ['video', ['👋', '🎉']],
      ['animated', ['😂']],
    ]);
    // Forwarded and sent files were fetched with getFile.
    expect(t.api.callsTo('getFile').some((call) => call.params.file_id === forwarded.file_id)).toBe(true);
    expect(t.log.errors()).toEqual([]);
  });

  it("converts in the process's pool (the API's when both run in one process), never beside it", async () => {
    const pool = createImagePool({ concurrency: 1, maxQueued: 0 });
    await t.close();
    t = await createHarness({ imagePool: pool });
    await insertUser(t.db, { id: carla.id, firstName: 'Carla', isCreator: true });
    await say('/newpack');
    const png = t.api.addFile(await makeImage('png', 300, 300), 'png');
    await t.send(photoUpdate(carla, png, 300, 300));
    await say('🐱');
    expect(pool.peakActive).toBe(0);
    await finishPack('Pooled Cats');
    expect(lastText()).toBe(miniappTexts('create-pack')['create-pack.toast.created']);
    expect(pool.peakActive).toBe(1);
  });

  it('/newpack emoji makes a custom emoji pack, whose TGS must be 100×100', async () => {
    await insertUser(t.db, { id: carla.id, firstName: 'Carla', isCreator: true });
    await say('/newpack emoji');
    await sendDocument(makeTgs(), 'application/x-tgsticker', 'big.tgs', '⭐');
    expect(lastText()).toContain(API_ERRORS.tgsEmojiCanvas);
    await sendDocument(makeTgs(lottieDocument({ w: 100, h: 100 })), 'application/x-tgsticker', 'star.tgs', '⭐');
    await sendDocument(await makeImage('png', 300, 200), 'image/png', 'face.png', '🙂');
    await finishPack('Tiny Faces');
    const [pack] = await packs();
    expect(pack).toMatchObject({ kind: 'emoji' });
    const stickers = await t.db.select().from(tables.packStickers).where(eq(tables.packStickers.packId, pack!.id));
    const png = stickers.find((sticker) => sticker.format === 'static')!;
    const meta = await sharp((await t.storage.get(png.fileKey))!.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([100, 100]);
  });
});
