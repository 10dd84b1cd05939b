import { EMOJI_SIZE_PX } from '@stickerdrop/shared';
import { loadSharp } from '../load-sharp.js';

/**
 * The set's thumbnail for setStickerSetThumbnail: Telegram wants a static one exactly 100×100 (WEBP or PNG,
 * at most 128 KB). Made from the pack's card image, the still of its cover, so an animated or video cover
 * gives its first frame.
 */
export function renderSetThumbnail(card: Buffer): Promise<Buffer> {
  return loadSharp()(card)
    .resize(EMOJI_SIZE_PX, EMOJI_SIZE_PX, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .webp({ quality: 85 })
    .toBuffer();
}
