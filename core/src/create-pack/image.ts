import fs from 'node:fs/promises';
import {
  API_ERRORS,
  CARD_IMAGE_WIDTHS_PX,
  EMOJI_SIZE_PX,
  MAX_IMAGE_PIXELS,
  MESSAGES,
  PREVIEW_SIZE_PX,
  STICKER_SIZE_PX,
  type CardImageWidth,
  type PackKind,
} from '@stickerdrop/shared';
import { DomainError } from '../errors.js';
import { loadSharp } from '../load-sharp.js';

export type ImageType = 'png' | 'jpeg' | 'gif' | 'webp';

/** An image in memory (the bot) or in a temporary file an upload streamed to (the API). */
export type ImageSource = Buffer | { path: string; size: number };

export const sourceSize = (source: ImageSource) => (Buffer.isBuffer(source) ? source.length : source.size);
const sharpInput = (source: ImageSource) => (Buffer.isBuffer(source) ? source : source.path);

/** The first bytes, enough for every magic number detectImageType knows. */
export async function head(source: ImageSource): Promise<Buffer> {
  if (Buffer.isBuffer(source)) return source;
  const file = await fs.open(source.path);
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(16), 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

export interface ImageInfo {
  type: ImageType;
  width: number;
  height: number;
  /** Frames in the file: more than one makes a GIF (or an animated WEBP) a video sticker. */
  pages?: number;
}

/** Longer side of a sticker's public preview: enough to judge a pack, too small to use as the sticker. */
export const STICKER_PREVIEW_SIZE_PX = 192;

const startsWith = (buffer: Buffer, bytes: number[], offset = 0) =>
  buffer.length >= offset + bytes.length && bytes.every((byte, i) => buffer[offset + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type from the file's first bytes; the name and the declared content type are never trusted. */
export function detectImageType(buffer: Buffer): ImageType | null {
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buffer, ascii('GIF87a')) || startsWith(buffer, ascii('GIF89a'))) return 'gif';
  if (startsWith(buffer, ascii('RIFF')) && startsWith(buffer, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/**
 * Checks one image without decoding it: its type by magic bytes (415 when it is not PNG, JPEG or GIF, or
 * WEBP for the bot), then its dimensions from the header, so a decompression bomb is refused before a
 * single pixel is inflated.
 */
export async function inspectImage(source: ImageSource, options: { acceptWebp?: boolean } = {}): Promise<ImageInfo> {
  const type = detectImageType(await head(source));
  if (!type || (type === 'webp' && !options.acceptWebp))
    throw new DomainError('unsupported_image', MESSAGES.imageRequired);
  let width: number | undefined;
  let height: number | undefined;
  let pages: number | undefined;
  try {
    // Only the header is read here; sharp's own pixel limit would hide our clearer message behind "unreadable".
    const metadata = await loadSharp()(sharpInput(source), { limitInputPixels: false }).metadata();
    if (metadata.format !== type) throw new Error(`header says ${metadata.format}, magic bytes say ${type}`);
    width = metadata.width;
    height = metadata.height;
    pages = metadata.pages;
  } catch {
    throw new DomainError('invalid_image', API_ERRORS.imageUnreadable);
  }
  if (!width || !height) throw new DomainError('invalid_image', API_ERRORS.imageUnreadable);
  if (width * height > MAX_IMAGE_PIXELS) throw new DomainError('invalid_image', API_ERRORS.imageTooManyPixels);
  return { type, width, height, ...(pages && pages > 1 ? { pages } : {}) };
}

/**
 * Decoding stays bounded even if a header lied; only the first frame of an animation is read. Every
 * step runs in 8-bit sRGB, what a WEBP holds anyway: a 16-bit PNG would otherwise be resized at twice
 * the memory (a 7000×7000 one took ~120 MB instead of ~80).
 */
const decode = (source: ImageSource) =>
  loadSharp()(sharpInput(source), { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', pages: 1 })
    .pipelineColourspace('srgb')
    .autoOrient();

async function encode(render: () => Promise<Buffer>): Promise<Buffer> {
  try {
    return await render();
  } catch {
    throw new DomainError('invalid_image', API_ERRORS.imageUnreadable);
  }
}

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/**
 * A static Telegram sticker: WEBP with the longer side exactly 512 px and the other at most 512, the
 * orientation applied and every byte of metadata (EXIF, GPS, ICC comments) left behind. A custom emoji is
 * exactly 100×100, the image centred on a transparent square.
 */
export function renderSticker(source: ImageSource, kind: PackKind = 'stickers'): Promise<Buffer> {
  const resize =
    kind === 'emoji'
      ? { width: EMOJI_SIZE_PX, height: EMOJI_SIZE_PX, fit: 'contain' as const, background: TRANSPARENT }
      : { width: STICKER_SIZE_PX, height: STICKER_SIZE_PX, fit: 'inside' as const };
  return encode(() => decode(source).resize(resize).webp({ quality: 90, alphaQuality: 100, effort: 4 }).toBuffer());
}

/** The card image: square, the whole sticker visible on a transparent background; PREVIEW_SIZE_PX by default. */
export function renderPreview(source: ImageSource, side: CardImageWidth = PREVIEW_SIZE_PX): Promise<Buffer> {
  return encode(() =>
    decode(source)
      .resize(side, side, { fit: 'contain', background: TRANSPARENT })
      .webp({ quality: 85, effort: 4 })
      .toBuffer(),
  );
}

/** The card image at every width a card may ask for (CARD_IMAGE_WIDTHS_PX), one after another. */
export async function renderCardImages(source: ImageSource): Promise<{ width: CardImageWidth; bytes: Buffer }[]> {
  const images: { width: CardImageWidth; bytes: Buffer }[] = [];
  for (const width of CARD_IMAGE_WIDTHS_PX) images.push({ width, bytes: await renderPreview(source, width) });
  return images;
}

/**
 * What visitors see of one sticker: made from the rendered sticker, its longer side 192 px and a lower
 * quality, so the public file is a preview and never the sticker a buyer pays for.
 */
export function renderStickerPreview(sticker: Buffer): Promise<Buffer> {
  return encode(() =>
    decode(sticker)
      .resize(STICKER_PREVIEW_SIZE_PX, STICKER_PREVIEW_SIZE_PX, { fit: 'inside' })
      .webp({ quality: 60, effort: 4 })
      .toBuffer(),
  );
}
