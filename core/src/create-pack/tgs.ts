import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import {
  API_ERRORS,
  EMOJI_SIZE_PX,
  MAX_ANIMATION_SECONDS,
  MAX_TGS_BYTES,
  MAX_TGS_FPS,
  STICKER_SIZE_PX,
  type PackKind,
} from '@stickerdrop/shared';
import { DomainError } from '../errors.js';
import { loadSharp } from '../load-sharp.js';
import { runNodeScript, withTempDir, type ToolBudget } from './media-tools.js';

/** A Lottie document's header: canvas, frame rate and the frames it plays (in point to out point). */
export interface LottieHeader {
  w: number;
  h: number;
  fr: number;
  ip: number;
  op: number;
  layers: unknown[];
}

/** 64 KB of gzip can inflate a lot; a real sticker's JSON is a few hundred KB at most. */
const MAX_LOTTIE_JSON_BYTES = 4 * 1024 * 1024;
const gunzipAsync = promisify(gunzip);
const STILL_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lottie-still.mjs');

/**
 * How deeply a Lottie document's arrays and objects may nest. Real stickers stay within a few dozen (groups
 * in groups); thousands overflow the stack of every recursive walk (JSON.stringify, the renderer).
 */
export const MAX_LOTTIE_DEPTH = 128;

const invalid = (message: string) => new DomainError('invalid_image', message);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Checks a TGS against Telegram's rules, each with its own message: at most 64 KB, gzipped Lottie JSON,
 * a 512×512 canvas (100×100 for an emoji pack), at most 60 fps, at most 3 s. The file is kept as
 * uploaded; the parsed document is returned for its still.
 */
export async function readTgs(bytes: Buffer, kind: PackKind): Promise<LottieHeader> {
  if (bytes.length > MAX_TGS_BYTES) throw invalid(API_ERRORS.tgsTooLarge);
  let json: string;
  let document: unknown;
  try {
    json = (await gunzipAsync(bytes, { maxOutputLength: MAX_LOTTIE_JSON_BYTES })).toString('utf8');
  } catch {
    throw invalid(API_ERRORS.tgsInvalid);
  }
  if (jsonDepth(json) > MAX_LOTTIE_DEPTH) throw invalid(API_ERRORS.tgsTooDeep);
  try {
    document = JSON.parse(json);
  } catch {
    throw invalid(API_ERRORS.tgsInvalid);
  }
  const lottie = document as Partial<LottieHeader> | null;
  if (
    typeof lottie !== 'object' ||
    lottie === null ||
    ![lottie.w, lottie.h, lottie.fr, lottie.ip, lottie.op].every(isNumber) ||
    !Array.isArray(lottie.layers) ||
    lottie.fr! <= 0 ||
    lottie.op! <= lottie.ip!
  )
    throw invalid(API_ERRORS.tgsInvalid);
  const header = lottie as LottieHeader;
  const side = kind === 'emoji' ? EMOJI_SIZE_PX : STICKER_SIZE_PX;
  if (header.w !== side || header.h !== side)
    throw invalid(kind === 'emoji' ? API_ERRORS.tgsEmojiCanvas : API_ERRORS.tgsCanvas);
  if (header.fr > MAX_TGS_FPS) throw invalid(API_ERRORS.tgsFrameRate);
  if ((header.op - header.ip) / header.fr > MAX_ANIMATION_SECONDS + 1e-9) throw invalid(API_ERRORS.animationTooLong);
  return header;
}

/**
 * The deepest nesting of arrays and objects in a JSON text, read in one pass with a counter (no recursion,
 * so any depth is measured safely); brackets inside strings are skipped. Malformed text is JSON.parse's
 * to refuse.
 */
export function jsonDepth(json: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const char = json.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (char === 0x5d || char === 0x7d) depth--;
  }
  return deepest;
}

/**
 * The first frame as PNG: lottie-web draws it as SVG in a child process (lottie-still.mjs), and sharp
 * rasterises the SVG. A document lottie-web cannot draw is "could not be read".
 */
export async function tgsStill(lottie: LottieHeader, budget: ToolBudget): Promise<Buffer> {
  const [svg] = await tgsFrames(lottie, [lottie.ip], budget);
  return svgStill(lottie, svg!);
}

/** One frame lottie-web drew, as PNG at the document's own size. */
export async function svgStill(lottie: LottieHeader, svg: Buffer): Promise<Buffer> {
  try {
    return await loadSharp()(svg, { limitInputPixels: lottie.w * lottie.h })
      .png()
      .toBuffer();
  } catch {
    throw invalid(API_ERRORS.imageUnreadable);
  }
}

/** The given frames as SVG documents, drawn by lottie-web in one child process (lottie-still.mjs). */
export async function tgsFrames(lottie: LottieHeader, frames: number[], budget: ToolBudget): Promise<Buffer[]> {
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'lottie.json');
    await fs.writeFile(file, JSON.stringify(lottie));
    const output = await runNodeScript([STILL_SCRIPT, file, ...frames.map(String)], budget);
    return output
      .toString('utf8')
      .split('\0')
      .map((svg) => Buffer.from(svg));
  });
}
