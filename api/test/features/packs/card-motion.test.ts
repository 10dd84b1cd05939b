import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { getPackDetail, listPacks } from '@stickerdrop/core';
import { tables } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createCreator } from '../../users.js';
import { insertPack } from './fixtures.js';

/**
 * A card's marker names what moves: "Video" only for a pack whose moving stickers are all videos (WEBM);
 * a Lottie (TGS) pack, or one with both, stays "Animated"; a still pack is neither.
 */
describeEachDatabase('a pack card says whether its stickers are videos', (kind) => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    const creator = await createCreator(t);
    const formats = {
      still: ['static'],
      lottie: ['animated'],
      video: ['static', 'video'],
      both: ['video', 'animated'],
    };
    for (const [title, kinds] of Object.entries(formats)) {
      const id = await insertPack(t.db, creator.id, { title, stickers: kinds.map((format) => `${title}-${format}`) });
      await t.db.execute(sql`update pack_stickers set format = split_part(file_key, '-', 2) where pack_id = ${id}`);
      await t.db
        .update(tables.packs)
        .set({ animated: title !== 'still' })
        .where(eq(tables.packs.id, id));
      ids[title] = id;
    }
  });
  afterAll(() => t.close());

  it('video only for the video pack, in the listing (Postgres JSON) and the detail alike', async () => {
    const now = new Date();
    const listed = (await listPacks(t.db, { search: '', sort: 'newest', limit: 50 }, now, null)).items;
    const video = Object.fromEntries(listed.map((card) => [card.title, card.video]));
    expect(video).toEqual({ still: false, lottie: false, video: true, both: false });
    expect((await getPackDetail(t.db, ids.video!, null, now))?.video).toBe(true);
    expect((await getPackDetail(t.db, ids.lottie!, null, now))?.video).toBe(false);
  });
});
