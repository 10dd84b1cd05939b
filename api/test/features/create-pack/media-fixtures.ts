import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { mediaBinaries } from '@stickerdrop/core/testing';

const run = promisify(execFile);

/** A Lottie document: one rounded orange rectangle turning once over the animation. */
export function lottieDocument(options: { w?: number; h?: number; fr?: number; seconds?: number } = {}) {
  const { w = 512, h = 512, fr = 60, seconds = 2 } = options;
  const op = Math.round(fr * seconds);
  const rotation = {
    a: 1,
    k: [
      { t: 0, s: [0], i: { x: [0.5], y: [0.5] }, o: { x: [0.5], y: [0.5] } },
      { t: op, s: [360] },
    ],
  };
  return {
    v: '5.7.4',
    tgs: 1,
    fr,
    ip: 0,
    op,
    w,
    h,
    nm: 'spinner',
    ddd: 0,
    assets: [],
    layers: [
      {
        ddd: 0,
        ind: 1,
        ty: 4,
        nm: 'box',
        sr: 1,
        ks: {
          o: { a: 0, k: 100 },
          r: rotation,
          p: { a: 0, k: [w / 2, h / 2, 0] },
          a: { a: 0, k: [0, 0, 0] },
          s: { a: 0, k: [100, 100, 100] },
        },
        ao: 0,
        shapes: [
          { ty: 'rc', d: 1, s: { a: 0, k: [w * 0.6, h * 0.4] }, p: { a: 0, k: [0, 0] }, r: { a: 0, k: 8 }, nm: 'r' },
          { ty: 'fl', c: { a: 0, k: [0.9, 0.3, 0.1, 1] }, o: { a: 0, k: 100 }, r: 1, nm: 'f' },
        ],
        ip: 0,
        op,
        st: 0,
        bm: 0,
      },
    ],
  };
}

/** A TGS: the Lottie JSON gzipped, as Telegram's tools write it. */
export const makeTgs = (document: unknown = lottieDocument()) => zlib.gzipSync(JSON.stringify(document));

/** The lavfi source a fixture is drawn from. */
function videoSource(width: number, height: number, fps: number, seconds: number, look: VideoLook): string {
  const frame = `s=${width}x${height}:r=${fps}:d=${seconds}`;
  if (look === 'noise') return `nullsrc=${frame},geq=random(1)*255:random(1)*255:random(1)*255`;
  if (look === 'alpha') {
    const inBox = `between(X,W/4,3*W/4)*between(Y,H/4,3*H/4)`;
    return `nullsrc=${frame},format=rgba,geq=r=32:g=128:b=240:a='255*${inBox}'`;
  }
  return `testsrc=size=${width}x${height}:rate=${fps}:duration=${seconds}`;
}

/** The test pattern, random noise (which no encoder can shrink), or a blue box on a clear background. */
type VideoLook = 'pattern' | 'noise' | 'alpha';

/**
 * A GIF, MP4 or WEBM made by the shipped ffmpeg from a lavfi source; an MP4 also carries a sine tone, so
 * the sticker's lack of audio is the conversion's doing, and a WEBM of `alpha` keeps its clear background
 * (VP9 with an alpha plane, as editors export transparent stickers).
 */
export async function makeVideo(
  format: 'gif' | 'mp4' | 'webm',
  options: { width?: number; height?: number; fps?: number; seconds?: number; noise?: boolean; alpha?: boolean } = {},
): Promise<Buffer> {
  const { width = 320, height = 240, fps = 10, seconds = 1, noise = false, alpha = false } = options;
  const source = videoSource(width, height, fps, seconds, noise ? 'noise' : alpha ? 'alpha' : 'pattern');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stickerdrop-fixture-'));
  try {
    const out = path.join(dir, `clip.${format}`);
    const audio = format === 'mp4' ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : [];
    const codec = {
      gif: [],
      mp4: ['-c:v', 'libx264', '-pix_fmt', noise ? 'yuv444p' : 'yuv420p', ...(noise ? ['-qp', '0'] : [])],
      webm: ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', ...(alpha ? ALPHA_WEBM : [])],
    }[format];
    await run(mediaBinaries().ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', source, ...audio, ...codec, out]);
    return await fs.readFile(out);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** libvpx writes the alpha plane only for yuva420p, and only without alternate reference frames. */
const ALPHA_WEBM = ['-pix_fmt', 'yuva420p', '-auto-alt-ref', '0'];

export interface StreamFacts {
  codecs: string[];
  types: string[];
  width: number;
  height: number;
  fps: number;
  seconds: number;
}

/** What ffprobe says of a stored file: its streams' codecs and kinds, size, frame rate and length. */
export async function probeFile(bytes: Buffer): Promise<StreamFacts> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stickerdrop-probe-'));
  try {
    const file = path.join(dir, 'file');
    await fs.writeFile(file, bytes);
    const { stdout } = await run(mediaBinaries().ffprobe, [
      ...['-v', 'error', '-of', 'json', '-show_entries'],
      ...['stream=codec_name,codec_type,width,height,avg_frame_rate:format=duration', file],
    ]);
    const parsed = JSON.parse(stdout) as {
      streams: { codec_name: string; codec_type: string; width?: number; height?: number; avg_frame_rate: string }[];
      format: { duration: string };
    };
    const video = parsed.streams.find((stream) => stream.codec_type === 'video')!;
    const [num, den] = video.avg_frame_rate.split('/').map(Number);
    return {
      codecs: parsed.streams.map((stream) => stream.codec_name),
      types: parsed.streams.map((stream) => stream.codec_type),
      width: video.width!,
      height: video.height!,
      fps: num! / (den || 1),
      seconds: Number(parsed.format.duration),
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * A stored video sticker's first frame as RGBA, decoded by libvpx as Telegram's clients decode it (ffmpeg's
 * own VP9 decoder would drop the alpha plane and make every sticker look opaque).
 */
export async function firstFrameRgba(webm: Buffer): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stickerdrop-frame-'));
  try {
    const input = path.join(dir, 'sticker.webm');
    const output = path.join(dir, 'frame.png');
    await fs.writeFile(input, webm);
    const decode = ['-v', 'error', '-y', '-c:v', 'libvpx-vp9', '-i', input, '-frames:v', '1', output];
    await run(mediaBinaries().ffmpeg, decode);
    return await fs.readFile(output);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
