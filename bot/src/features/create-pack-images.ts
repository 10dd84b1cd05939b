import type { Message } from 'grammy/types';
import { MAX_UPLOAD_BYTES, MESSAGES, errorTextIn, splitEmoji, type PackKind } from '@stickerdrop/shared';
import { checkStickerUpload } from '@stickerdrop/core';
import { chatTextOf } from '../views/domain-errors.js';
import type { BotServices } from '../context.js';
import type { Reader } from '../i18n.js';
import { FileTooLargeError } from '../runtime/telegram-files.js';

/**
 * A sticker file a creator sent: a photo (its largest size), a GIF or MP4 animation, a video, a file
 * (an image, a .tgs, a .webm), or a sticker forwarded from any set, with the emoji it already has.
 */
export interface ImageCandidate {
  fileId: string;
  size: number | undefined;
  /** The sticker's own emoji, or the emoji typed as the file's caption; absent: the bot asks. */
  emoji?: string[];
}

export function imageCandidate(message: Message): ImageCandidate | null {
  const captioned = (fileId: string, size: number | undefined): ImageCandidate => {
    const emoji = message.caption ? splitEmoji(message.caption) : null;
    return { fileId, size, ...(emoji && emoji.length > 0 ? { emoji } : {}) };
  };
  const photo = message.photo?.at(-1);
  if (photo) return captioned(photo.file_id, photo.file_size);
  // A GIF sent as a file arrives as an animation (its document field is the same file).
  const media = message.animation ?? message.video ?? message.document;
  if (media) return captioned(media.file_id, media.file_size);
  const sticker = message.sticker;
  if (sticker) {
    return { fileId: sticker.file_id, size: sticker.file_size, ...(sticker.emoji ? { emoji: [sticker.emoji] } : {}) };
  }
  return null;
}

/**
 * The API's rules for one file, in its words and the reader's language: at most 5 MB, an accepted type by magic bytes, pixel
 * limits, a TGS's canvas, size, frame rate and length, an animation's length. Null when the file is fine.
 * Only the verdict is kept; the bytes are fetched again on confirm.
 */
export async function checkImage(
  services: BotServices,
  candidate: ImageCandidate,
  kind: PackKind,
  reader: Reader,
): Promise<string | null> {
  const tooLarge = errorTextIn(reader.language, MESSAGES.fileTooLarge);
  if (candidate.size !== undefined && candidate.size > MAX_UPLOAD_BYTES) return tooLarge;
  try {
    const bytes = await services.downloadFile(candidate.fileId, MAX_UPLOAD_BYTES);
    await checkStickerUpload(bytes, kind);
    return null;
  } catch (error) {
    if (error instanceof FileTooLargeError) return tooLarge;
    const refusal = chatTextOf(error, reader);
    if (refusal !== null) return refusal;
    throw error;
  }
}

export async function downloadImages(services: BotServices, fileIds: readonly string[]): Promise<Buffer[]> {
  const images: Buffer[] = [];
  for (const fileId of fileIds) images.push(await services.downloadFile(fileId, MAX_UPLOAD_BYTES));
  return images;
}
