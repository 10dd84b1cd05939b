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
import {
  ffmpeg,
  ffprobe,
  fileBudget,
  sourcePath,
  withTempDir,
  type MediaInput,
  type ToolBudget,
} from './media-tools.js';

export interface VideoInfo {
  width: number;
  height: number;
  seconds: number;
  fps: number;
  /** Frames (packets) in the video stream, counted by demuxing alone. */
  frames: number;
  /** The stream's codec as ffprobe names it (`vp9`, `vp8`, `h264`, `gif`, …). */
  codec: string;
}

/** The upload types that become video stickers. */
export type VideoType = 'gif' | 'mp4' | 'webm';

/**
 * Pixels decoded over all of an animation's frames. Decoding time follows them: a 7071×7071 GIF of 300
 * frames is 6.9 KB and took 31 s; 600 million is a 3 s 1080p video at 60 fps with room to spare.
 */
export const MAX_ANIMATION_DECODED_PIXELS = 600_000_000;

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

const PROBE_ENTRIES =
  'stream=codec_name,width,height,avg_frame_rate,r_frame_rate,duration,nb_read_packets:format=duration';

/**
 * Dimensions, length, frame rate and frame count of a GIF, MP4 or WEBM, from ffprobe reading it as its
 * magic bytes said; unreadable is refused as an invalid image, and so is a frame too large.
 */
export async function probeVideo(input: MediaInput, budget: ToolBudget = fileBudget()): Promise<VideoInfo> {
  const show = ['-select_streams', 'v:0', '-count_packets', '-show_entries', PROBE_ENTRIES];
  const output = await ffprobe(input, show, budget);
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
  const frames = Number(stream?.nb_read_packets);
  if (!(width > 0 && height > 0 && seconds > 0 && frames > 0))
    throw new DomainError('invalid_image', API_ERRORS.imageUnreadable);
  if (width * height > MAX_IMAGE_PIXELS) throw new DomainError('invalid_image', API_ERRORS.imageTooManyPixels);
  const fps = rate(stream?.avg_frame_rate) || rate(stream?.r_frame_rate);
  return { width, height, seconds, frames, fps, codec: String(stream?.codec_name ?? '') };
}

/**
 * ffmpeg's own VP8 and VP9 decoders ignore a WEBM's alpha plane (it travels beside the picture, in the
 * block's additions), so a transparent upload would turn opaque black where it was clear; libvpx reads it.
 */
const ALPHA_DECODERS: Record<string, string> = { vp8: 'libvpx', vp9: 'libvpx-vp9' };

/** The input options that decode `info`'s stream with its transparency kept. */
function decoderOptions(type: VideoType, info: Pick<VideoInfo, 'codec'>): string[] {
  const decoder = type === 'webm' ? ALPHA_DECODERS[info.codec] : undefined;
  return decoder ? ['-c:v', decoder] : [];
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
 * Converts an animated GIF, an MP4 or a WEBM into a video sticker. Longer than 3 s, or too many pixels over
 * its frames, is refused before any encoding; then each quality step is tried until the file fits 256 KB,
 * and a file that never fits is refused with its own message. Every tool call shares the file's budget.
 */
export async function renderVideoSticker(
  source: ImageSource,
  type: VideoType,
  kind: PackKind,
  budget: ToolBudget = fileBudget(),
): Promise<VideoSticker> {
  return withTempDir(async (dir) => {
    const input = { file: await sourcePath(source, dir), type };
    const info = checkVideo(await probeVideo(input, budget));
    const output = path.join(dir, 'sticker.webm');
    for (const crf of VIDEO_CRF_STEPS) {
      await ffmpeg(
        {
          input,
          inputOptions: decoderOptions(type, info),
          outputOptions: [
            ...['-map', '0:v:0', '-t', String(MAX_ANIMATION_SECONDS), '-an', '-sn', '-dn'],
            ...['-vf', filters(info, kind), '-c:v', 'libvpx-vp9', '-pix_fmt', 'yuva420p'],
            ...['-b:v', '0', '-crf', String(crf), '-deadline', 'realtime', '-cpu-used', '8'],
            ...['-map_metadata', '-1', '-f', 'webm'],
          ],
          output,
        },
        budget,
      );
      const bytes = await fs.readFile(output);
      if (bytes.length <= MAX_VIDEO_STICKER_BYTES) return { bytes, still: await videoStill(output, budget) };
    }
    throw new DomainError('invalid_image', API_ERRORS.videoTooLarge);
  });
}

/**
 * GIF delays are in hundredths of a second, so a 3 s, 30 fps GIF (3, 3, 4 … cs) lasts 3.01 s. Up to one
 * 10 fps frame more is taken, and the encoding stops at 3 s (`-t`), so the sticker never exceeds it.
 */
const LENGTH_TOLERANCE_S = 0.1;

/** Telegram's length rule, then ours on the pixels decoding would cost. */
function checkVideo(info: VideoInfo): VideoInfo {
  if (info.seconds > MAX_ANIMATION_SECONDS + LENGTH_TOLERANCE_S)
    throw new DomainError('invalid_image', API_ERRORS.animationTooLong);
  if (info.width * info.height * info.frames > MAX_ANIMATION_DECODED_PIXELS)
    throw new DomainError('invalid_image', API_ERRORS.animationTooManyPixels);
  return info;
}

/** The rules told without encoding: what the bot tells a creator as each file arrives. */
export function checkVideoLength(source: ImageSource, type: VideoType): Promise<VideoInfo> {
  return withTempDir(async (dir) => checkVideo(await probeVideo({ file: await sourcePath(source, dir), type })));
}

/** The first frame of our own VP9 WEBM as PNG; libvpx decodes it so the alpha channel is kept. */
export function videoStill(file: string, budget: ToolBudget = fileBudget()): Promise<Buffer> {
  return ffmpeg(
    {
      input: { file, type: 'webm' },
      inputOptions: ['-c:v', 'libvpx-vp9'],
      outputOptions: ['-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png'],
      output: '-',
    },
    budget,
  );
}
