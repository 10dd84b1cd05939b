import { API_ERRORS, MAX_IMAGE_PIXELS, MESSAGES, STICKER_SIZE_PX } from '@stickerdrop/shared';
import { DomainError } from '../errors.js';
import { loadSharp } from '../load-sharp.js';

export type ImageType = 'png' | 'jpeg' | 'gif' | 'webp';

export interface ImageInfo {
  type: ImageType;
  width: number;
  height: number;
}

/** Side of the square preview the cards show; crisp on 2x screens at the card's ~160 px. */
export const PREVIEW_SIZE_PX = 320;

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
export async function inspectImage(buffer: Buffer, options: { acceptWebp?: boolean } = {}): Promise<ImageInfo> {
  const type = detectImageType(buffer);
  if (!type || (type === 'webp' && !options.acceptWebp))
    throw new DomainError('unsupported_image', MESSAGES.imageRequired);
  let width: number | undefined;
  let height: number | undefined;
  try {
    // Only the header is read here; sharp's own pixel limit would hide our clearer message behind "unreadable".
    const metadata = await loadSharp()(buffer, { limitInputPixels: false }).metadata();
    if (metadata.format !== type) throw new Error(`header says ${metadata.format}, magic bytes say ${type}`);
    width = metadata.width;
    height = metadata.height;
  } catch {
    throw new DomainError('invalid_image', API_ERRORS.imageUnreadable);
  }
  if (!width || !height) throw new DomainError('invalid_image', API_ERRORS.imageUnreadable);
  if (width * height > MAX_IMAGE_PIXELS) throw new DomainError('invalid_image', API_ERRORS.imageTooManyPixels);
  return { type, width, height };
}

/** Decoding stays bounded even if a header lied; only the first frame of an animation is read. */
const decode = (buffer: Buffer) =>
  loadSharp()(buffer, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', pages: 1 }).autoOrient();

async function encode(render: () => Promise<Buffer>): Promise<Buffer> {
  try {
    return await render();
  } catch {
    throw new DomainError('invalid_image', API_ERRORS.imageUnreadable);
  }
}

/**
 * A static Telegram sticker: WEBP with the longer side exactly 512 px and the other at most 512, the
 * orientation applied and every byte of metadata (EXIF, GPS, ICC comments) left behind.
 */
export function renderSticker(buffer: Buffer): Promise<Buffer> {
  return encode(() =>
    decode(buffer)
      .resize(STICKER_SIZE_PX, STICKER_SIZE_PX, { fit: 'inside' })
      .webp({ quality: 90, alphaQuality: 100, effort: 4 })
      .toBuffer(),
  );
}

/** The card image: square, the whole sticker visible on a transparent background. */
export function renderPreview(buffer: Buffer): Promise<Buffer> {
  return encode(() =>
    decode(buffer)
      .resize(PREVIEW_SIZE_PX, PREVIEW_SIZE_PX, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .webp({ quality: 85, effort: 4 })
      .toBuffer(),
  );
}
