import { createHash } from 'node:crypto';
import {
  EMOJI_SIZE_PX,
  PREVIEW_SIZE_PX,
  STICKER_SIZE_PX,
  type CardImageWidth,
  type PackKind,
  type StickerFormat,
} from '@stickerdrop/shared';
import { renderStickerPreview } from '../create-pack/image.js';
import { renderMotionPreview } from '../create-pack/motion-preview.js';
import { fileBudget } from '../create-pack/media-tools.js';
import { readTgs, tgsStill } from '../create-pack/tgs.js';
import { loadSharp } from '../load-sharp.js';
import { cachedArt } from './art-cache.js';
import { SEED_PACKS, type Palette, type SeedArt, type SeedPack, type SeedSticker } from './catalogue.js';
import { emojiArtPackage, emojiSvgs } from './emoji-art.js';
import { renderTgs, type LottieAnimation } from './lottie-art.js';
import { renderSwayVideo, SEED_VIDEO_FPS, SEED_VIDEO_SECONDS } from './video-art.js';

/** A small deterministic generator, so the demo catalogue looks the same on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** What each kind of seed pack's stickers are, and their files' extension. */
export const SEED_STICKER_FORMATS = {
  static: { format: 'static', extension: 'webp' },
  emoji: { format: 'static', extension: 'webp' },
  video: { format: 'video', extension: 'webm' },
  tgs: { format: 'animated', extension: 'tgs' },
} as const satisfies Record<SeedArt, { format: StickerFormat; extension: string }>;

export interface SeedStickerFile {
  format: StickerFormat;
  extension: 'webp' | 'tgs' | 'webm';
  /** The file Telegram takes. */
  bytes: Buffer;
  /** Its first frame, for the previews and the card. */
  still: Buffer;
}

/** Every Fluent Emoji icon the catalogue draws, read from the set in one pass. */
const ICON_NAMES = SEED_PACKS.filter((pack) => pack.art !== 'tgs').flatMap((pack) =>
  pack.stickers.map((sticker) => sticker.art),
);

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/** One icon rasterised: `side` px of art centred on a transparent square of `canvas` px, as PNG or WEBP. */
function renderIcon(name: string, side: number, canvas: number, type: 'png' | 'webp'): Promise<Buffer> {
  return cachedArt(['icon', emojiArtPackage().version, name, side, canvas, type], async () => {
    const svg = (await emojiSvgs(ICON_NAMES)).get(name)!(side);
    const margin = (canvas - side) / 2;
    const art = loadSharp()(Buffer.from(svg));
    const image = margin
      ? art.extend({ top: margin, bottom: margin, left: margin, right: margin, background: TRANSPARENT })
      : art;
    return type === 'png' ? image.png().toBuffer() : image.webp({ quality: 85, alphaQuality: 100 }).toBuffer();
  });
}

/** A video's art is smaller than its frame, so the sway never cuts a corner off. */
const VIDEO_ART_PX = 400;

/** One sticker of a pack, made as Telegram takes that pack's kind of sticker. */
export async function renderSeedSticker(pack: SeedPack, sticker: SeedSticker): Promise<SeedStickerFile> {
  switch (pack.art) {
    case 'static': {
      const bytes = await renderIcon(sticker.art, STICKER_SIZE_PX, STICKER_SIZE_PX, 'webp');
      return { format: 'static', extension: 'webp', bytes, still: bytes };
    }
    case 'emoji': {
      const bytes = await renderIcon(sticker.art, EMOJI_SIZE_PX, EMOJI_SIZE_PX, 'webp');
      return { format: 'static', extension: 'webp', bytes, still: bytes };
    }
    case 'video': {
      const still = await renderIcon(sticker.art, VIDEO_ART_PX, STICKER_SIZE_PX, 'png');
      const bytes = await cachedArt(['video', SEED_VIDEO_SECONDS, SEED_VIDEO_FPS, sha256(still)], () =>
        renderSwayVideo(still),
      );
      return { format: 'video', extension: 'webm', bytes, still };
    }
    case 'tgs': {
      const bytes = await renderTgs(sticker.art as LottieAnimation, pack.palette);
      // The still is drawn by the same renderer as an uploaded TGS's, after the same checks.
      const still = await cachedArt(['tgs-still', sha256(bytes)], async () =>
        tgsStill(await readTgs(bytes, pack.kind), fileBudget()),
      );
      return { format: 'animated', extension: 'tgs', bytes, still };
    }
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** What visitors see of a sticker, made as an upload's is (renderStickerPreview). */
export function renderSeedStickerPreview(still: Buffer): Promise<Buffer> {
  return cachedArt(['preview', sha256(still)], () => renderStickerPreview(still));
}

/** What visitors see move, made as an upload's is (renderMotionPreview). */
export function renderSeedMotionPreview(
  file: { format: 'animated' | 'video'; bytes: Buffer },
  kind: PackKind,
): Promise<Buffer> {
  return cachedArt(['motion', kind, sha256(file.bytes)], () => renderMotionPreview(file, kind));
}

/** The card image: the cover's still on a soft tile of the pack's colours, `side` px square. */
export function renderSeedCard(
  palette: Palette,
  coverStill: Buffer,
  side: CardImageWidth = PREVIEW_SIZE_PX,
): Promise<Buffer> {
  return cachedArt(['card', palette, sha256(coverStill), side], () => renderCard(palette, coverStill, side));
}

async function renderCard([from, to]: Palette, coverStill: Buffer, side: number): Promise<Buffer> {
  const tile = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">
    <defs><radialGradient id="bg"><stop offset="0" stop-color="${from}" stop-opacity="0.4"/>
      <stop offset="1" stop-color="${to}" stop-opacity="0.18"/></radialGradient></defs>
    <rect width="${side}" height="${side}" rx="${side / 8}" fill="url(#bg)"/></svg>`;
  const art = await loadSharp()(coverStill)
    .resize(Math.round(side * 0.78), Math.round(side * 0.78), { fit: 'contain', background: TRANSPARENT })
    .png()
    .toBuffer();
  return loadSharp()(Buffer.from(tile))
    .composite([{ input: art, gravity: 'centre' }])
    .webp({ quality: 80 })
    .toBuffer();
}
