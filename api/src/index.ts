/** The API's surface for the other parts (the bot and the start script import from here). */
export { createApp, type AppDeps, type CreateAppOptions } from './app.js';
export {
  loadConfig,
  environment,
  testConfig,
  ConfigError,
  optionalString,
  optionalUrl,
  s3EnvFields,
  requireCompleteS3,
  s3Settings,
  type Config,
} from './config.js';
export { openDatabase, type Database, type DatabaseHandle, type Transaction, type DbOrTx } from './db/client.js';
export { tables } from './db/index.js';
export { diskStorage, memoryStorage, fileUrl, type FileStorage } from './storage/storage.js';
export { s3Storage, type S3Settings, type S3StorageOptions } from './storage/s3-storage.js';
export { createStorage } from './storage/create-storage.js';
export { HttpError } from './http/errors.js';
export {
  verifyInitData,
  signInitData,
  issueTokens,
  confirmLoginCode,
  DEMO_USERS,
  type TelegramUser,
  type InitData,
} from './features/auth/index.js';
export {
  upsertTelegramUser,
  getUserById,
  toUserDto,
  getProfile,
  becomeCreator,
  type UserRow,
  type TelegramUserFields,
} from './features/users/index.js';
export {
  createPack,
  detectImageType,
  inspectImage,
  renderSticker,
  validatePackFields,
  type CreatePackDeps,
  type CreatePackInput,
  type CreatePackOptions,
  type ImageInfo,
  type ImageType,
} from './features/uploads/index.js';
export {
  findPackAccess,
  loadPackArchive,
  packSlug,
  type PackAccess,
  type PackArchive,
} from './features/downloads/index.js';
export {
  buyPack,
  fulfilOrder,
  expireReservations,
  startReservationSweeper,
  findOrder,
  toOrderDto,
  OrderNotFoundError,
  PaymentRefConflictError,
  type FulfilInput,
  type FulfilOutcome,
  type FulfilResult,
  type OrderRecord,
  type PayableOrder,
  type PaymentRail,
} from './features/orders/index.js';
export { enqueueOutbox } from './features/outbox/enqueue.js';
export type { OutboxKind, OutboxMessage, OutboxPayloads, SalePayload, RefundPayload } from './features/outbox/types.js';
// The catalogue's reading side, stats, collection and the seeds (the start script, jobs and the bot).
export {
  recordView,
  listTrending,
  markFavorites,
  toggleLike,
  refreshTrendingScores,
  startTrendingRefresher,
  type TrendingRefresherOptions,
} from './features/packs/index.js';
export { getMarketplaceStats } from './features/stats/index.js';
export { listCollection } from './features/collection/index.js';
export { seedDemoCatalogue, seedBenchCatalogue, type SeedDeps } from './seed/index.js';
// The bot: packs for deep links and inline sharing, the outbox's reading side, "Add to Telegram".
export { getPackDetail, listPacks } from './features/packs/index.js';
export {
  claimOutboxBatch,
  markOutboxSent,
  markOutboxRetry,
  markOutboxFinal,
  releaseOutboxRows,
  type OutboxRow,
  type OutboxStatus,
} from './features/outbox/drain.js';
export type { StickerSetDeliveryPayload } from './features/outbox/types.js';
export {
  stickerSetName,
  addStickersUrl,
  findStickerSet,
  recordStickerSet,
  markStickerSetComplete,
} from './features/delivery/index.js';
// The bot takes Telegram Stars payments: pre-checkout answers, settlement, refunds in the chat.
export {
  checkStarsPreCheckout,
  settleStarsPayment,
  refundStarsNow,
  refundNotice,
  STARS_CURRENCY,
} from './features/payments/index.js';
export { stopOnSignals, STOP_DEADLINE_MS, type StopOptions } from './process.js';
export { createLogger } from './logger.js';
