import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_VIDEO_STICKER_BYTES, STICKER_SIZE_PX } from '@stickerdrop/shared';
import { probeVideo, renderSwayVideo, SEED_VIDEO_FPS, SEED_VIDEO_SECONDS } from '@stickerdrop/core/testing';
import { makeImage } from '../features/create-pack/fixtures.js';
import { probeFile } from '../features/create-pack/media-fixtures.js';

describe('the seeded video art, built uncached with the media tools’ safe flags', () => {
  it('sways a 512 px still into a VP9 WEBM with alpha that Telegram takes', async () => {
    const still = await makeImage('png', STICKER_SIZE_PX, STICKER_SIZE_PX);
    const webm = await renderSwayVideo(still);
    expect(webm.length).toBeLessThanOrEqual(MAX_VIDEO_STICKER_BYTES);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stickerdrop-sway-'));
    try {
      await fs.writeFile(path.join(dir, 'sway.webm'), webm);
      const info = await probeVideo({ file: path.join(dir, 'sway.webm'), type: 'webm' });
      expect(info).toMatchObject({ width: STICKER_SIZE_PX, height: STICKER_SIZE_PX });
      expect(info.frames).toBe(SEED_VIDEO_FPS * SEED_VIDEO_SECONDS);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    expect((await probeFile(webm)).codecs).toEqual(['vp9']);
  });
});
