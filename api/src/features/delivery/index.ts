/** "Add to Telegram": the API route that queues a job, and the records the bot keeps of the sets it made. */
export { deliveryRoutes } from './routes.js';
export {
  stickerSetName,
  addStickersUrl,
  findStickerSet,
  recordStickerSet,
  markStickerSetComplete,
  type StickerSetRecord,
} from './sticker-sets.js';
