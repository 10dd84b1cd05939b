/** The domain's surface for the edges: the API, the bot, the start script, bench and e2e import from here. */
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
  type RateLimit,
  type RateLimitName,
} from './config.js';
export { stopOnSignals, STOP_DEADLINE_MS, type StopOptions } from './process.js';
export { createLogger, silentLogger, type Logger } from './logger.js';
export { DomainError, DOMAIN_ERROR_CODES, parseInput, type DomainErrorCode } from './errors.js';
export { openDatabase, type Database, type DatabaseHandle, type Transaction, type DbOrTx } from './db/client.js';
export { tables } from './db/index.js';
export { DataDirLockedError } from './db/lock.js';
export { isDatabaseUnavailable } from './db/unavailable.js';
export { diskStorage, memoryStorage, fileUrl, isValidKey, type FileStorage } from './storage/storage.js';
export { s3Storage, type S3Settings, type S3StorageOptions } from './storage/s3-storage.js';
export { createStorage } from './storage/create-storage.js';
export { seedDemoCatalogue, seedBenchCatalogue, type SeedDeps } from './seed/index.js';

export {
  createAccessTokens,
  verifyInitData,
  signInitData,
  issueTokens,
  rotateRefreshToken,
  revokeRefreshToken,
  createLoginCode,
  confirmLoginCode,
  consumeLoginCode,
  upsertDemoUser,
  DEMO_USERS,
  type AccessTokens,
  type TelegramUser,
  type InitData,
} from './auth/index.js';
export {
  upsertTelegramUser,
  getUserById,
  toUserDto,
  getProfile,
  profileOf,
  becomeCreator,
  updateProfileFields,
  type UserRow,
  type TelegramUserFields,
} from './profile/index.js';
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
} from './create-pack/index.js';
export {
  getPackDetail,
  listPacks,
  recordView,
  listTrending,
  markFavorites,
  toggleLike,
  packRating,
  createReadCache,
  createViewCounter,
  refreshTrendingScores,
  startTrendingRefresher,
  type TrendingRefresherOptions,
} from './packs/index.js';
export { getMarketplaceStats } from './stats/index.js';
export { listCollection } from './collection/index.js';
export {
  listActivity,
  buyListing,
  listEdition,
  delistEdition,
  getEdition,
  packExists,
  packListings,
  priceHistory,
  CHAIN_GRACE_MS,
  assertResellable,
  resellableFrom,
  editionPayment,
  lockEdition,
  type EditionAcquisition,
} from './resale/index.js';
export {
  makeOffer,
  acceptOffer,
  declineOffer,
  withdrawOffer,
  expireOffers,
  startOfferExpirer,
  findOffer,
  myOffers,
  packOffers,
  offerSaleTerms,
  type OfferSaleConfig,
  type OfferSaleTerms,
  type MakeOfferInput,
  type AcceptOfferInput,
} from './offers/index.js';
export {
  buyPack,
  reserveEdition,
  fulfilOrder,
  expireReservations,
  startReservationSweeper,
  findOrder,
  findUserOrder,
  toOrderDto,
  resolvePaymentRail,
  offeredPaymentMethods,
  OrderNotFoundError,
  PaymentRefConflictError,
  type FulfilInput,
  type FulfilOutcome,
  type FulfilResult,
  type OrderRecord,
  type PayableOrder,
  type PaymentRail,
} from './orders/index.js';
export {
  availablePaymentMethods,
  createPaymentSetup,
  startPaymentJobs,
  checkStarsPreCheckout,
  settleStarsPayment,
  starsRefundContext,
  refundStarsNow,
  refundNotice,
  STARS_CURRENCY,
  type PaymentSetup,
} from './payments/index.js';
export { handleStripeEvent } from './payments/stripe/events.js';
export type { Stripe } from './payments/stripe/client.js';
export { commentOf, sameAddress } from './payments/ton/transfer.js';
export {
  checkTonProof,
  tonProofDigest,
  issueTonProofPayload,
  consumeTonProofPayload,
  linkWallet,
  tonConnectManifest,
  tonConnectIcon,
} from './wallet/index.js';
export { botSessionStore, handledUpdates } from './chat/index.js';
export { enqueueOutbox } from './outbox/enqueue.js';
export {
  claimOutboxBatch,
  markOutboxSent,
  markOutboxRetry,
  markOutboxFinal,
  releaseOutboxRows,
  renewOutboxLease,
  type OutboxRow,
  type OutboxStatus,
} from './outbox/drain.js';
export type {
  OutboxKind,
  OutboxMessage,
  OutboxPayloads,
  SalePayload,
  RefundPayload,
  StickerSetDeliveryPayload,
  ResalePayload,
  OfferNoticePayload,
  OfferReceivedPayload,
  OfferAcceptedPayload,
  ResaleFailedPayload,
  StickerSetRevokePayload,
  EditionRevokedPayload,
} from './outbox/types.js';
export {
  stickerSetName,
  addStickersUrl,
  findStickerSet,
  recordStickerSet,
  markStickerSetComplete,
  forgetStickerSet,
  findPackAccess,
  loadPackArchive,
  zipArchive,
  packSlug,
  type PackAccess,
  type PackArchive,
} from './delivery/index.js';
