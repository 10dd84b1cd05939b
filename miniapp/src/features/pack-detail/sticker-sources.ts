import type { PackSticker } from '@stickerdrop/shared';
import { apiUrl } from '../../config';

/**
 * A sticker's files as the API gives them: the full file for owners and the creator; for everyone the still
 * and, for a moving sticker, its moving preview.
 */
export function stickerSources(sticker: PackSticker) {
  return {
    format: sticker.format,
    src: sticker.fileUrl ? apiUrl(sticker.fileUrl) : null,
    still: sticker.previewUrl ? apiUrl(sticker.previewUrl) : null,
    motion: sticker.motionPreviewUrl ? apiUrl(sticker.motionPreviewUrl) : null,
  };
}
