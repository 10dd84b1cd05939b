import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { STICKER_SIZE_PX } from '@stickerdrop/shared';
import type { Palette } from './catalogue.js';

/**
 * Small Lottie documents for the demo's animated (TGS) pack, written here rather than shipped: shapes
 * (stars and circles) animated by their transforms, 2 s at 30 fps on Telegram's 512×512 canvas.
 * Each loops seamlessly (the last keyframe equals the first).
 */
export type LottieAnimation = 'shooting-star' | 'orbit' | 'twinkle';
export const LOTTIE_ANIMATIONS: readonly LottieAnimation[] = ['shooting-star', 'orbit', 'twinkle'];

const FPS = 30;
const FRAMES = 60;
const CENTRE = STICKER_SIZE_PX / 2;
const gzipAsync = promisify(gzip);

type Value = number | number[];
const fixed = (k: unknown) => ({ a: 0, k });
/** Keyframes at [frame, value] with an ease in and out; the last one only ends the one before. */
const animated = (frames: [number, Value][]) => ({
  a: 1,
  k: frames.map(([t, value], i) => ({
    t,
    s: Array.isArray(value) ? value : [value],
    ...(i < frames.length - 1 ? { i: { x: [0.5], y: [1] }, o: { x: [0.5], y: [0] } } : {}),
  })),
});

function rgba(hex: string): number[] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => Math.round((c / 255) * 1000) / 1000).concat(1);
}

const fill = (hex: string) => ({ ty: 'fl', nm: 'fill', c: fixed(rgba(hex)), o: fixed(100), r: 1 });
const outline = (width: number) => ({
  ty: 'st',
  nm: 'outline',
  c: fixed([1, 1, 1, 1]),
  o: fixed(100),
  w: fixed(width),
  lc: 2,
  lj: 2,
});
const groupTransform = {
  ty: 'tr',
  nm: 'transform',
  p: fixed([0, 0]),
  a: fixed([0, 0]),
  s: fixed([100, 100]),
  r: fixed(0),
  o: fixed(100),
  sk: fixed(0),
  sa: fixed(0),
};
const group = (name: string, items: object[]) => ({ ty: 'gr', nm: name, it: [...items, groupTransform] });
const circle = (x: number, y: number, diameter: number) => ({
  ty: 'el',
  nm: 'circle',
  d: 1,
  p: fixed([x, y]),
  s: fixed([diameter, diameter]),
});
const star = (points: number, outer: number, inner: number) => ({
  ty: 'sr',
  nm: 'star',
  sy: 1,
  d: 1,
  pt: fixed(points),
  p: fixed([0, 0]),
  r: fixed(0),
  or: fixed(outer),
  os: fixed(0),
  ir: fixed(inner),
  is: fixed(0),
});
interface LayerTransform {
  p?: object;
  r?: object;
  s?: object;
  o?: object;
}

let nextIndex = 1;
function layer(name: string, shapes: object[], transform: LayerTransform = {}) {
  return {
    ddd: 0,
    ind: nextIndex++,
    ty: 4,
    nm: name,
    sr: 1,
    ao: 0,
    ip: 0,
    op: FRAMES,
    st: 0,
    bm: 0,
    ks: {
      o: transform.o ?? fixed(100),
      r: transform.r ?? fixed(0),
      p: transform.p ?? fixed([CENTRE, CENTRE, 0]),
      a: fixed([0, 0, 0]),
      s: transform.s ?? fixed([100, 100, 100]),
    },
    shapes,
  };
}

/** The layers of each animation, top layer first (Lottie draws the first layer on top). */
function layers(animation: LottieAnimation, [main, second, accent]: Palette): object[] {
  switch (animation) {
    case 'shooting-star':
      return [
        layer('star', [group('star', [star(5, 150, 68), outline(14), fill(second)])], {
          r: animated([
            [0, 0],
            [FRAMES, 72],
          ]),
          s: animated([
            [0, [100, 100, 100]],
            [FRAMES / 2, [112, 112, 100]],
            [FRAMES, [100, 100, 100]],
          ]),
        }),
        layer('glow', [group('glow', [circle(0, 0, 380), fill(main)])], {
          o: animated([
            [0, 35],
            [FRAMES / 2, 70],
            [FRAMES, 35],
          ]),
        }),
      ];
    case 'orbit':
      return [
        layer('moon', [group('moon', [circle(175, 0, 70), outline(10), fill(accent)])], {
          r: animated([
            [0, 0],
            [FRAMES, 360],
          ]),
        }),
        layer('planet', [group('planet', [circle(0, 0, 220), outline(14), fill(main)])]),
      ];
    case 'twinkle': {
      // Three sparkles, each growing and shrinking on its own beat.
      const sparkles: [number, number, number[]][] = [
        [-120, -110, [40, 110, 40]],
        [110, -60, [110, 40, 110]],
        [-20, 120, [70, 40, 110, 70]],
      ];
      return sparkles.map(([x, y, sizes]) =>
        layer('sparkle', [group('sparkle', [star(4, 90, 24), fill(second)])], {
          p: fixed([CENTRE + x, CENTRE + y, 0]),
          s: animated(sizes.map((size, i) => [(i * FRAMES) / (sizes.length - 1), [size, size, 100]])),
        }),
      );
    }
  }
}

/** The Lottie document of one animation in the pack's colours. */
export function lottieDocument(animation: LottieAnimation, palette: Palette) {
  nextIndex = 1;
  return {
    tgs: 1,
    v: '5.7.4',
    nm: animation,
    fr: FPS,
    ip: 0,
    op: FRAMES,
    w: STICKER_SIZE_PX,
    h: STICKER_SIZE_PX,
    ddd: 0,
    assets: [],
    layers: layers(animation, palette),
  };
}

/** A TGS: the document as gzipped JSON. */
export async function renderTgs(animation: LottieAnimation, palette: Palette): Promise<Buffer> {
  return gzipAsync(JSON.stringify(lottieDocument(animation, palette)), { level: 9 });
}
