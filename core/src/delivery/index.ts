/** Owned packs leave the shop: as a zip download, or as a Telegram sticker set the bot makes ("Add to Telegram"). */
export {
  newStickerSetName,
  addStickersUrl,
  findStickerSet,
  recordStickerSet,
  markStickerSetComplete,
  recordCustomEmojiIds,
  forgetStickerSet,
  requestStickerSet,
  type StickerSetRecord,
} from './sticker-sets.js';
export {
  findPackAccess,
  loadPackArchive,
  loadPackStickers,
  zipArchive,
  MANIFEST_NAME,
  packSlug,
  type PackAccess,
  type PackArchive,
  type PackStickerFile,
  type PackStickers,
} from './pack-zip.js';
export { renderSetThumbnail } from './set-thumbnail.js';
export {
  requirePackOwner,
  requireTelegramDelivery,
  telegramDeliveryUnavailable,
  type TelegramDelivery,
} from './owner-access.js';
