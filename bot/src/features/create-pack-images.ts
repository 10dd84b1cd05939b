import type { Message } from 'grammy/types';
import { MAX_UPLOAD_BYTES, MESSAGES } from '@stickerdrop/shared';
import { inspectImage } from '@stickerdrop/core';
import { chatTextOf } from '../domain-errors.js';
import type { BotServices } from '../context.js';
import { FileTooLargeError } from '../telegram-files.js';

/** A sticker image a creator sent: a photo (its largest size), a file, or a static sticker. */
export interface ImageCandidate {
  fileId: string;
  size: number | undefined;
}

export function imageCandidate(message: Message): ImageCandidate | null {
  const photo = message.photo?.at(-1);
  if (photo) return { fileId: photo.file_id, size: photo.file_size };
  if (message.document) return { fileId: message.document.file_id, size: message.document.file_size };
  const sticker = message.sticker;
  if (sticker && !sticker.is_animated && !sticker.is_video) return { fileId: sticker.file_id, size: sticker.file_size };
  return null;
}

/**
 * The API's rules for one image, in its words: at most 5 MB, PNG/JPEG/GIF/WEBP by magic bytes, pixel
 * limits. Null when the image is fine. Only the verdict is kept; the bytes are fetched again on confirm.
 */
export async function checkImage(services: BotServices, candidate: ImageCandidate): Promise<string | null> {
  if (candidate.size !== undefined && candidate.size > MAX_UPLOAD_BYTES) return MESSAGES.fileTooLarge;
  try {
    const bytes = await services.downloadFile(candidate.fileId, MAX_UPLOAD_BYTES);
    await inspectImage(bytes, { acceptWebp: true });
    return null;
  } catch (error) {
    if (error instanceof FileTooLargeError) return MESSAGES.fileTooLarge;
    const refusal = chatTextOf(error);
    if (refusal !== null) return refusal;
    throw error;
  }
}

export async function downloadImages(services: BotServices, fileIds: readonly string[]): Promise<Buffer[]> {
  const images: Buffer[] = [];
  for (const fileId of fileIds) images.push(await services.downloadFile(fileId, MAX_UPLOAD_BYTES));
  return images;
}
