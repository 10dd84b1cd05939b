import fs from 'node:fs/promises';
import path from 'node:path';
import { API_ERRORS, MAX_ANIMATION_SECONDS, type PackKind } from '@stickerdrop/shared';
import { DomainError } from '../errors.js';
import { loadSharp } from '../load-sharp.js';
import { STICKER_PREVIEW_SIZE_PX } from './image.js';
import { ffmpeg, fileBudget, withTempDir, type ToolBudget } from './media-tools.js';
import { readTgs, svgStill, tgsFrames, type LottieHeader } from './tgs.js';

/** Frames a second of a moving preview: enough to see how a sticker moves, a third of what it plays. */
export const MOTION_PREVIEW_FPS = 10;
const SIDE = STICKER_PREVIEW_SIZE_PX;
const FRAME_BYTES = SIDE * SIDE * 4;
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/** A sticker that moves, as Telegram takes it: our own VP9 WEBM, or the TGS as accepted. */
export interface MovingSticker {
  format: 'animated' | 'video';
  bytes: Buffer;
}

/**
 * What a visitor sees move: an animated WEBP, the sticker centred on a transparent 192 px square at 10
 * frames a second and a lower quality. It is made from the sticker Telegram takes but is never that file,
 * which only owners and the creator get.
 */
export async function renderMotionPreview(
  sticker: MovingSticker,
  kind: PackKind,
  budget: ToolBudget = fileBudget(),
): Promise<Buffer> {
  const frames =
    sticker.format === 'video'
      ? await videoFrames(sticker.bytes, budget)
      : await lottieFrames(await readTgs(sticker.bytes, kind), budget);
  return encodeAnimation(frames);
}

/** Our own video sticker's moving preview (renderVideoSticker's WEBM). */
export async function videoMotion(webm: Buffer, budget: ToolBudget): Promise<Buffer> {
  return encodeAnimation(await videoFrames(webm, budget));
}

/** The WEBM's frames as raw RGBA squares; libvpx decodes it so the alpha channel is kept. */
function videoFrames(webm: Buffer, budget: ToolBudget): Promise<Buffer> {
  const fit = `scale=${SIDE}:${SIDE}:force_original_aspect_ratio=decrease`;
  const centre = `pad=${SIDE}:${SIDE}:(ow-iw)/2:(oh-ih)/2:color=0x00000000`;
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'sticker.webm');
    await fs.writeFile(file, webm);
    return ffmpeg(
      {
        input: { file, type: 'webm' },
        inputOptions: ['-c:v', 'libvpx-vp9'],
        outputOptions: [
          ...['-map', '0:v:0', '-t', String(MAX_ANIMATION_SECONDS), '-an', '-sn', '-dn'],
          ...['-vf', `fps=${MOTION_PREVIEW_FPS},${fit},format=rgba,${centre}`, '-f', 'rawvideo', '-pix_fmt', 'rgba'],
        ],
        output: '-',
      },
      budget,
    );
  });
}

/**
 * An uploaded TGS's still and moving preview from one run of the Lottie renderer: the preview's first
 * frame is the document's first, which is the still.
 */
export async function tgsStillAndMotion(
  lottie: LottieHeader,
  budget: ToolBudget,
): Promise<{ still: Buffer; motion: Buffer }> {
  const svgs = await tgsFrames(lottie, motionFrames(lottie), budget);
  const [still, frames] = await Promise.all([svgStill(lottie, svgs[0]!), rasterFrames(lottie, svgs)]);
  return { still, motion: await encodeAnimation(frames) };
}

/** The document's frames at 10 a second of its own time, from its first. */
function motionFrames(lottie: LottieHeader): number[] {
  const step = lottie.fr / MOTION_PREVIEW_FPS;
  const frames: number[] = [];
  for (let frame = lottie.ip; frame < lottie.op; frame += step) frames.push(frame);
  return frames;
}

/** The Lottie document drawn at 10 frames a second of its own time, each frame a raw RGBA square. */
async function lottieFrames(lottie: LottieHeader, budget: ToolBudget): Promise<Buffer> {
  return rasterFrames(lottie, await tgsFrames(lottie, motionFrames(lottie), budget));
}

/** Each SVG frame centred on a transparent square, as raw RGBA, one after the other. */
async function rasterFrames(lottie: LottieHeader, svgs: Buffer[]): Promise<Buffer> {
  const sharp = loadSharp();
  const raster = (svg: Buffer) =>
    sharp(svg, { limitInputPixels: lottie.w * lottie.h })
      .resize(SIDE, SIDE, { fit: 'contain', background: TRANSPARENT })
      .ensureAlpha()
      .raw()
      .toBuffer();
  try {
    return Buffer.concat(await Promise.all(svgs.map(raster)));
  } catch {
    throw new DomainError('invalid_image', API_ERRORS.imageUnreadable);
  }
}

/** Raw RGBA frames, one under the other, as a looping animated WEBP. */
async function encodeAnimation(frames: Buffer): Promise<Buffer> {
  const count = Math.floor(frames.length / FRAME_BYTES);
  if (count === 0) throw new DomainError('invalid_image', API_ERRORS.imageUnreadable);
  return loadSharp()(frames.subarray(0, count * FRAME_BYTES), {
    raw: { width: SIDE, height: SIDE * count, channels: 4, pageHeight: SIDE },
  })
    .webp({
      quality: 50,
      alphaQuality: 70,
      effort: 4,
      loop: 0,
      delay: Array<number>(count).fill(1000 / MOTION_PREVIEW_FPS),
    })
    .toBuffer();
}
