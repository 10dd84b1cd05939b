import fs from 'node:fs/promises';
import path from 'node:path';
import {
  API_ERRORS,
  EMOJI_SIZE_PX,
  MAX_ANIMATION_SECONDS,
  MAX_IMAGE_PIXELS,
  MAX_VIDEO_FPS,
  MAX_VIDEO_STICKER_BYTES,
  STICKER_SIZE_PX,
  type PackKind,
} from '@stickerdrop/shared';
import { DomainError } from '../errors.js';
import type { ImageSource } from './image.js';
import { mediaBinaries, runTool, sourcePath, withTempDir } from './media-tools.js';

export interface VideoInfo {
  width: number;
  height: number;
  seconds: number;
  fps: number;
}

/**
 * Quality steps (VP9 constant quality; higher is smaller) tried in turn until the sticker fits Telegram's
 * 256 KB: most 3 s stickers fit at the first, and each further round costs another encoding.
 */
export const VIDEO_CRF_STEPS = [36, 44, 52, 63] as const;

const rate = (text: unknown) => {
  const [num, den] = String(text ?? '').split('/');
  const value = Number(num) / Number(den ?? 1);
  return Number.isFinite(value) && value > 0 ? value : 0;
};

/** Dimensions, length and frame rate of a GIF, MP4 or WEBM, from ffprobe; unreadable is refused as an invalid image. */
export async function probeVideo(file: string): Promise<VideoInfo> {
  const output = await runTool(mediaBinaries().ffprobe, [
    ...['-v', 'error', '-select_streams', 'v:0', '-of', 'json'],
    ...['-show_entries', 'stream=width,height,avg_frame_rate,r_frame_rate,duration:format=duration'],
    file,
  ]);
  let parsed: { streams?: Record<string, unknown>[]; format?: { duration?: string } };
  try {
    parsed = JSON.parse(output.toString('utf8')) as typeof parsed;
  } catch {
    throw new DomainError('invalid_image', API_ERRORS.imageUnreadable);
  }
  const stream = parsed.streams?.[0];
  const width = Number(stream?.width);
  const height = Number(stream?.height);
  const seconds = Number(parsed.format?.duration ?? stream?.duration);
  if (!(width > 0 && height > 0 && seconds > 0)) throw new DomainError('invalid_image', API_ERRORS.imageUnreadable);
  if (width * height > MAX_IMAGE_PIXELS) throw new DomainError('invalid_image', API_ERRORS.imageTooManyPixels);
  return { width, height, seconds, fps: rate(stream?.avg_frame_rate) || rate(stream?.r_frame_rate) };
}

/** ffmpeg's filters: the longer side 512 (even, for 4:2:0), or a 100×100 emoji with the rest transparent. */
function filters(info: VideoInfo, kind: PackKind): string {
  const steps = info.fps > MAX_VIDEO_FPS ? [`fps=${MAX_VIDEO_FPS}`] : [];
  if (kind === 'emoji') {
    const side = EMOJI_SIZE_PX;
    steps.push(
      'format=rgba',
      `scale=${side}:${side}:force_original_aspect_ratio=decrease`,
      `pad=${side}:${side}:(ow-iw)/2:(oh-ih)/2:color=0x00000000`,
    );
  } else {
    const side = STICKER_SIZE_PX;
    steps.push(`scale='if(gte(iw,ih),${side},-2)':'if(gte(iw,ih),-2,${side})'`);
  }
  steps.push('format=yuva420p');
  return steps.join(',');
}

export interface VideoSticker {
  /** The WEBM Telegram takes: VP9 with alpha, no audio, ≤ 30 fps, ≤ 3 s, ≤ 256 KB. */
  bytes: Buffer;
  /** Its first frame as PNG, for the previews. */
  still: Buffer;
}

/**
 * Converts an animated GIF, an MP4 or a WEBM into a video sticker. Longer than 3 s is refused before any
 * encoding; then each quality step is tried until the file fits 256 KB, and a file that never fits is
 * refused with its own message.
 */
export async function renderVideoSticker(source: ImageSource, kind: PackKind): Promise<VideoSticker> {
  const { ffmpeg } = mediaBinaries();
  return withTempDir(async (dir) => {
    const input = await sourcePath(source, dir);
    const info = checkLength(await probeVideo(input));
    const output = path.join(dir, 'sticker.webm');
    for (const crf of VIDEO_CRF_STEPS) {
      await runTool(ffmpeg, [
        ...['-v', 'error', '-y', '-i', input, '-t', String(MAX_ANIMATION_SECONDS), '-an', '-sn', '-dn'],
        ...['-vf', filters(info, kind), '-c:v', 'libvpx-vp9', '-pix_fmt', 'yuva420p'],
        ...['-b:v', '0', '-crf', String(crf), '-deadline', 'realtime', '-cpu-used', '8'],
        ...['-map_metadata', '-1', '-f', 'webm', output],
      ]);
      const bytes = await fs.readFile(output);
      if (bytes.length <= MAX_VIDEO_STICKER_BYTES) return { bytes, still: await videoStill(output) };
    }
    throw new DomainError('invalid_image', API_ERRORS.videoTooLarge);
  });
}

/**
 * GIF delays are in hundredths of a second, so a 3 s, 30 fps GIF (3, 3, 4 … cs) lasts 3.01 s. Up to one
 * 10 fps frame more is taken, and the encoding stops at 3 s (`-t`), so the sticker never exceeds it.
 */
const LENGTH_TOLERANCE_S = 0.1;

function checkLength(info: VideoInfo): VideoInfo {
  if (info.seconds > MAX_ANIMATION_SECONDS + LENGTH_TOLERANCE_S)
    throw new DomainError('invalid_image', API_ERRORS.animationTooLong);
  return info;
}

/** Telegram's length rule alone, without encoding: what the bot tells a creator as each file arrives. */
export function checkVideoLength(source: ImageSource): Promise<VideoInfo> {
  return withTempDir(async (dir) => checkLength(await probeVideo(await sourcePath(source, dir))));
}

/** The first frame of a VP9 WEBM as PNG; libvpx decodes it so the alpha channel is kept. */
export function videoStill(file: string): Promise<Buffer> {
  return runTool(mediaBinaries().ffmpeg, [
    ...['-v', 'error', '-c:v', 'libvpx-vp9', '-i', file],
    ...['-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-'],
  ]);
}
