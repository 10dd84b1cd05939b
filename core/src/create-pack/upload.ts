import { API_ERRORS, MAX_IMAGE_PIXELS, MAX_TGS_BYTES, MESSAGES, type StickerFormat } from '@stickerdrop/shared';
import { DomainError } from '../errors.js';
import { detectImageType, head, inspectImage, sourceSize, type ImageSource, type ImageType } from './image.js';
import { MAX_ANIMATION_DECODED_PIXELS } from './video.js';

/** What an upload may be, told by its first bytes: an image, a TGS, or a video container. */
export type MediaType = ImageType | 'tgs' | 'webm' | 'mp4';

export interface UploadInfo {
  type: MediaType;
  /** What it becomes: a WEBP, the TGS as it is, or a WEBM. */
  format: StickerFormat;
  /** From the image's header; 0 for TGS and video, whose frames are never decoded by sharp. */
  width: number;
  height: number;
}

const startsWith = (buffer: Buffer, bytes: number[], offset = 0) =>
  buffer.length >= offset + bytes.length && bytes.every((byte, i) => buffer[offset + i] === byte);

/** The upload's type from its magic bytes; the name and the declared content type are never trusted. */
export function detectMediaType(buffer: Buffer): MediaType | null {
  const image = detectImageType(buffer);
  if (image) return image;
  if (startsWith(buffer, [0x1f, 0x8b])) return 'tgs';
  if (startsWith(buffer, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm';
  if (
    startsWith(
      buffer,
      [...'ftyp'].map((char) => char.charCodeAt(0)),
      4,
    )
  )
    return 'mp4';
  return null;
}

const EXTENSIONS: Record<MediaType, string> = {
  png: 'png',
  jpeg: 'jpg',
  gif: 'gif',
  webp: 'webp',
  tgs: 'tgs',
  webm: 'webm',
  mp4: 'mp4',
};
export const extensionOf = (type: MediaType) => EXTENSIONS[type];

/**
 * The checks that need no decoding, run as each file arrives: the type (415 for anything else), an
 * image's dimensions from its header (a decompression bomb is refused before a pixel is inflated), a
 * TGS's 64 KB, a GIF's pixels over all its frames. A GIF of several frames becomes a video sticker; the
 * rest of each rule (length, canvas, frame rate) is checked when the file is converted.
 */
export async function inspectUpload(source: ImageSource): Promise<UploadInfo> {
  const first = await head(source);
  const type = detectMediaType(first);
  if (!type) throw new DomainError('unsupported_image', MESSAGES.imageRequired);
  if (type === 'tgs') {
    if (sourceSize(source) > MAX_TGS_BYTES) throw new DomainError('invalid_image', API_ERRORS.tgsTooLarge);
    return { type, format: 'animated', width: 0, height: 0 };
  }
  if (type === 'webm' || type === 'mp4') return { type, format: 'video', width: 0, height: 0 };
  const info = await inspectImage(source, { acceptWebp: true });
  // An animated WEBP stays a still of its first frame: the shipped ffmpeg cannot decode one.
  const format = type === 'gif' && info.pages ? 'video' : 'static';
  const { width, height } = type === 'gif' ? gifCanvas(first, info) : info;
  if (width * height > MAX_IMAGE_PIXELS) throw new DomainError('invalid_image', API_ERRORS.imageTooManyPixels);
  // A GIF's frames are counted from its blocks without decoding one: a few KB can be billions of pixels.
  if (format === 'video' && width * height * info.pages! > MAX_ANIMATION_DECODED_PIXELS)
    throw new DomainError('invalid_image', API_ERRORS.animationTooManyPixels);
  return { type, format, width, height };
}

/**
 * The canvas a GIF's frames are painted on: its logical screen (bytes 6–9) when larger than what sharp
 * reports (the first frame's size, for a GIF of 1×1 frames on a 7071×7071 screen). ffmpeg decodes every
 * frame onto the whole screen, so the screen is what decoding costs.
 */
function gifCanvas(first: Buffer, info: { width: number; height: number }): { width: number; height: number } {
  if (first.length < 10) return info;
  return {
    width: Math.max(info.width, first.readUInt16LE(6)),
    height: Math.max(info.height, first.readUInt16LE(8)),
  };
}
