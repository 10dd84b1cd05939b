import fs from 'node:fs/promises';
import path from 'node:path';
import { MAX_VIDEO_STICKER_BYTES, STICKER_SIZE_PX } from '@stickerdrop/shared';
import { ffmpeg, fileBudget, withTempDir } from '../create-pack/media-tools.js';

/** 2 s at 15 fps: smooth enough for a sway, and the old static ffmpeg build encodes it in a few seconds. */
export const SEED_VIDEO_SECONDS = 2;
export const SEED_VIDEO_FPS = 15;
/** Radians either side of upright. */
const SWAY = 0.3;

/**
 * A video sticker made from one still (a 512 px PNG with room around the art): the shipped ffmpeg sways it
 * from side to side over the frames, and encodes VP9 with alpha in a WEBM as Telegram takes it. The sway
 * is a full sine period, so the loop has no seam, and frame 0 is the still itself.
 */
export function renderSwayVideo(still: Buffer): Promise<Buffer> {
  const side = STICKER_SIZE_PX;
  return withTempDir(async (dir) => {
    const input = path.join(dir, 'still.png');
    const output = path.join(dir, 'sticker.webm');
    await fs.writeFile(input, still);
    await ffmpeg(
      {
        input: { file: input, type: 'png' },
        inputOptions: ['-loop', '1', '-framerate', String(SEED_VIDEO_FPS), '-t', String(SEED_VIDEO_SECONDS)],
        outputOptions: [
          '-an',
          ...[
            '-vf',
            `format=rgba,rotate=a='${SWAY}*sin(2*PI*t/${SEED_VIDEO_SECONDS})':ow=${side}:oh=${side}:c=none,format=yuva420p`,
          ],
          ...['-c:v', 'libvpx-vp9', '-pix_fmt', 'yuva420p', '-b:v', '0', '-crf', '40'],
          ...['-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1', '-lag-in-frames', '0'],
          ...['-map_metadata', '-1', '-f', 'webm'],
        ],
        output,
      },
      fileBudget(),
    );
    const bytes = await fs.readFile(output);
    if (bytes.length > MAX_VIDEO_STICKER_BYTES)
      throw new Error(`A demo video sticker came out at ${bytes.length} bytes`);
    return bytes;
  });
}
