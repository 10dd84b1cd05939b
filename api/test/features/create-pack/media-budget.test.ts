import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@stickerdrop/shared';
import {
  fileBudget,
  MAX_ANIMATION_DECODED_PIXELS,
  probeVideo,
  renderVideoSticker,
  tables,
} from '@stickerdrop/core/testing';
import { buildTestApp, rateLimitsWith, type TestApp } from '../../helpers.js';
import { createCreator, type TestUser } from '../../users.js';
import { file, multipart, postPack, recordStorageWrites, validFields } from './fixtures.js';
import { makeVideo } from './media-fixtures.js';

/**
 * A GIF whose logical screen is width × height and that has `frames` frames, each a 1×1 image at 1/100 s,
 * written by hand: a few KB that a decoder must nonetheless paint as `frames` full screens.
 */
function makeScreenBombGif(width: number, height: number, frames: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen[4] = 0x80; // a global colour table of 2 colours
  const frame = Buffer.from([
    ...[0x21, 0xf9, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00], // graphic control: a delay of 1/100 s
    ...[0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x00], // image descriptor: 1×1 at 0,0
    ...[0x02, 0x02, 0x44, 0x01, 0x00], // LZW data of one pixel
  ]);
  return Buffer.concat([
    Buffer.from('GIF89a'),
    screen,
    Buffer.from([0, 0, 0, 255, 255, 255]),
    Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 0x03, 0x01, 0x00, 0x00, 0x00]),
    ...Array.from({ length: frames }, () => frame),
    Buffer.from([0x3b]),
  ]);
}

describe("one file's conversion shares one budget", () => {
  it('refuses the next tool call once the calls so far have spent it, whatever each call had left', async () => {
    const gif = await makeVideo('gif', { width: 64, height: 48, fps: 10, seconds: 1 });
    // A clock that moves 40 s each time it is read: the budget is read once when made and once per call.
    let reads = 0;
    const clock = () => reads++ * 40_000;
    const budget = fileBudget(90_000, clock);
    await expect(renderVideoSticker(gif, 'gif', 'stickers', budget)).rejects.toMatchObject({
      message: API_ERRORS.conversionTooSlow,
    });
    // Made at 0 (deadline 90 s), the probe at 40, the encoding at 80, the still refused at 120 before it ran.
    expect(reads).toBe(4);
  });

  it('gives each call at most what is left of the file', () => {
    let now = 0;
    const budget = fileBudget(90_000, () => now);
    now = 89_000;
    expect(budget.left()).toBe(1_000);
    now = 91_000;
    expect(budget.left()).toBeLessThanOrEqual(0);
  });
});

describe('pixels over all the frames of an animation', () => {
  let t: TestApp;
  let creator: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ config: rateLimitsWith({ upload: { max: 1_000, windowMs: 3_600_000 } }) });
    creator = await createCreator(t);
  });
  afterAll(() => t.close());

  it('counts the frames of a GIF, MP4 and WEBM by demuxing them', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stickerdrop-frames-'));
    try {
      for (const type of ['gif', 'mp4', 'webm'] as const) {
        const bytes = await makeVideo(type, { width: 64, height: 48, fps: 10, seconds: 1 });
        await fs.writeFile(path.join(dir, type), bytes);
        const info = await probeVideo({ file: path.join(dir, type), type });
        expect({ type, frames: info.frames, width: info.width }).toEqual({ type, frames: 10, width: 64 });
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a 7071×7071 GIF of 300 frames with a 400 as it arrives, before any conversion, storing nothing', async () => {
    const bomb = makeScreenBombGif(7071, 7071, 300);
    expect(bomb.length).toBeLessThan(10_000);
    expect(7071 * 7071 * 300).toBeGreaterThan(MAX_ANIMATION_DECODED_PIXELS);
    const written = recordStorageWrites(t);
    const body = await multipart(validFields, [{ name: 'image', file: file(bomb, 'bomb.gif', 'image/gif') }]);
    const res = await postPack(t, creator.headers, body);
    expect({ status: res.statusCode, body: res.json() as unknown }).toEqual({
      status: 400,
      body: { error: API_ERRORS.animationTooManyPixels },
    });
    expect(written).toEqual([]);
    // Its frames are 1×1, so sharp reports 1×1: the logical screen in the header is what refuses it.
    expect(t.app.deps.imagePool.peakActive).toBe(0);
    expect(Number((await t.db.select({ n: count() }).from(tables.packs))[0]!.n)).toBe(0);
  });
});
