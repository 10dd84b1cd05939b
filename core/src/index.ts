/**
 * The domain's surface for the edges: the API, the bot, the start script, bench and e2e import its services from
 * here. Lock helpers and rules a service applies inside its own transaction stay inside core; what only tests and
 * benches need (a test config, tables, workers stepped by hand) is `@stickerdrop/core/testing`.
 */
export {
  loadConfig,
  environment,
  ConfigError,
  optionalString,
  optionalUrl,
  balanceEnvFields,
  balanceTerms,
  reportLimitField,
  s3EnvFields,
  requireCompleteS3,
  s3Settings,
  type Config,
  type RateLimitName,
} from './config.js';
export { type HttpSettings, type TrustProxy } from './http-config.js';
export { stopOnSignals } from './process.js';
export { createLogger, silentLogger, type Logger } from './logger.js';
export { periodic, startJobs, type Job } from './jobs/periodic.js';
export { DomainError, DOMAIN_ERROR_CODES, parseInput, type DomainErrorCode } from './errors.js';
export {
  beginOpeningDatabase,
  databaseOptionsOf,
  openDatabase,
  type Database,
  type DatabaseHandle,
  type OpeningDatabase,
  type Transaction,
  type DbOrTx,
} from './db/client.js';
export { DataDirLockedError } from './db/lock.js';
export { isDatabaseUnavailable } from './db/unavailable.js';
export { memoryStorage, fileUrl, isValidKey, type FileStorage } from './storage/storage.js';
export { type S3Settings } from './storage/s3-storage.js';
export { createStorage } from './storage/create-storage.js';
export { createFileUrls, isPublicKey, type FileUrls, type SignedFileQuery } from './storage/file-urls.js';
export { seedDemoCatalogue, seedBenchCatalogue, DEMO_ART_CREDIT } from './seed/index.js';

export {
  createAccessTokens,
  verifyInitData,
  signInitData,
  issueTokens,
  rotateRefreshToken,
  revokeRefreshToken,
  listSessions,
  revokeSession,
  createLoginCode,
  openLoginCode,
  answerLoginCode,
  consumeLoginCode,
  isDemoAccount,
  upsertDemoUser,
  signInPruner,
  type AccessTokens,
  type Session,
  type SignInVia,
} from './auth/index.js';
export {
  upsertTelegramUser,
  getUserById,
  storedLanguage,
  toUserDto,
  becomeCreator,
  updateProfileFields,
  adoptLanguageIfUnset,
  requireCreator,
  type UserRow,
} from './profile/index.js';
export {
  createPack,
  createImagePool,
  DEFAULT_IMAGE_POOL,
  checkPixelBudget,
  inspectImage,
  inspectUpload,
  checkStickerUpload,
  makeMissingPreviews,
  renderSticker,
  validatePackFields,
  IMAGE_POOL_RETRY_AFTER_S,
  type CreatePackInput,
  type ImagePool,
  type ImageSource,
} from './create-pack/index.js';
export {
  getPackDetail,
  getPackDetailText,
  type PackDetailText,
  listPacks,
  listTrending,
  listPackCards,
  listTrendingCards,
  likedPackIds,
  pageJson,
  cardsJson,
  type CardPage,
  type CardText,
  toggleLike,
  packRating,
  createReadCache,
  createViewCounter,
  createViewerLog,
  trendingRefresher,
  foundPack,
  foundEdition,
  requirePack,
} from './packs/index.js';
export { getMarketplaceStats } from './stats/index.js';
export {
  subscribeToDrop,
  unsubscribeFromDrop,
  isNotifying,
  announceOpenedDrops,
  dropAnnouncer,
  dropStillAnnounceable,
  type PerUserLimitInput,
  type DropNotifyInput,
} from './drops/index.js';
export { listCollection } from './collection/index.js';
export { profileOf } from './earnings/index.js';
export { getStudio, updateStudioPack, studioSalesCsv, withdrawFromStudio } from './studio/index.js';
export * from './ops/index.js';
export {
  listActivity,
  listActivityJson,
  buyListing,
  listEdition,
  delistEdition,
  getEdition,
  packExists,
  packListings,
  packListingsJson,
  priceHistory,
  editionPayment,
  type EditionAcquisition,
} from './resale/index.js';
export {
  makeOffer,
  acceptOffer,
  declineOffer,
  withdrawOffer,
  myOffers,
  packOffers,
  offerExpirer,
  offerSaleTerms,
  requireOfferSaleTerms,
  noticeMessageOf,
  noticeTarget,
  recordNoticeMessage,
  type OfferSaleConfig,
  type OfferSaleTerms,
} from './offers/index.js';
export {
  giftEdition,
  claimGift,
  cancelGift,
  getGift,
  listMyGifts,
  giftExpirer,
  type ClaimUrlOf,
} from './gifts/index.js';
export {
  buyPack,
  reserveEdition,
  fulfilOrder,
  reservationSweeper,
  payOnDemoRail,
  requireDemoMode,
  requireUserOrder,
  toOrderDto,
  resolvePaymentRail,
  offeredPaymentMethods,
  resalePaymentTarget,
  type PaymentRail,
} from './orders/index.js';
export {
  availablePaymentMethods,
  createPaymentSetup,
  paymentJobs,
  checkStarsPreCheckout,
  settleStarsPayment,
  starsRefundContext,
  refundStarsNow,
  manualTonRefundReason,
  type PayTonRefund,
  STARS_CURRENCY,
  type PaymentSetup,
} from './payments/index.js';
export { handleStripeEvent } from './payments/stripe/events.js';
export {
  DEFAULT_BALANCE_TERMS,
  PAYOUT_STOPPED_FOR_DEBT,
  creatorBalance,
  latestBalanceEntries,
  type BalanceTerms,
  type BalanceEntryView,
  type CreatorBalance,
} from './balance/index.js';
export type { Stripe } from './payments/stripe/client.js';
export { commentOf, sameAddress } from './payments/ton/transfer.js';
export * from './payouts/index.js';
export {
  checkTonProof,
  tonProofDigest,
  issueTonProofPayload,
  linkWallet,
  tonConnectManifest,
  tonConnectIcon,
} from './wallet/index.js';
export { botSessionStore, handledUpdates, readUpdateStanding, type UpdateStanding } from './chat/index.js';
export { readOutboxPayload } from './outbox/enqueue.js';
export { claimOutboxBatch, type OutboxRow } from './outbox/drain.js';
export {
  createOutboxConsumer,
  type OutboxConsumer,
  type OutboxConsumerOptions,
  type OutboxFailure,
  type OutboxSchedule,
} from './outbox/consumer.js';
export { outboxKindsOf } from './outbox/kinds/index.js';
export type {
  BotOutboxKind,
  OutboxKind,
  OutboxPayloads,
  StickerSetDeliveryPayload,
  StickerSetRevokePayload,
  ResalePayload,
  SalePayload,
  GiftPayload,
  OfferNoticePayload,
  OfferReceivedPayload,
  OfferAcceptedPayload,
  DropOpenedPayload,
  RefundNoticePayload,
  RefundReason,
  RefundRoute,
  PackRemovedPayload,
} from './outbox/kinds/index.js';
export {
  newStickerSetName,
  addStickersUrl,
  findStickerSet,
  recordStickerSet,
  markStickerSetComplete,
  recordCustomEmojiIds,
  forgetStickerSet,
  requestStickerSet,
  findPackAccess,
  loadPackArchive,
  loadPackStickers,
  renderSetThumbnail,
  zipArchive,
  MANIFEST_NAME,
  requirePackOwner,
  requireTelegramDelivery,
  telegramDeliveryUnavailable,
  type PackAccess,
  type PackStickerFile,
} from './delivery/index.js';
