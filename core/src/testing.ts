/**
 * Internals the test suites of the other parts drive directly (workers stepped by hand, pure rules checked
 * one by one). Not for the edges: they use the package's main entry.
 */
export { lockDataDir } from './db/lock.js';
export { testConfig } from './config.js';
export { pruneExpiredSignIns, pruneExpiredTonProofs } from './auth/index.js';
export { renderSwayVideo, SEED_VIDEO_FPS, SEED_VIDEO_SECONDS } from './seed/video-art.js';
export { migrationsFolder } from './db/client.js';
export { emptyAllTables } from './db/empty-tables.js';
export { dumpTestImage, migratedTestImage, migrateEmbedded } from './db/test-image.js';
export { applyLiveFunctions, liveFunctionsFolder } from './db/live-functions.js';
export { pgliteExtensions } from './db/pglite-extensions.mjs';
export { queryRows } from './db/sql-rows.js';
export { SEED_PACKS, emojiArtPackage } from './seed/index.js';
export { renderPreview } from './create-pack/image.js';
export { configuredRailMethods, demoRail, offeredPaymentMethods } from './sales/payment-methods.js';
export { starsFor, usdCents } from './payments/prices.js';
export { createRefundWorker, executeRefund } from './payments/refunds.js';
export { createStarsReconciler } from './payments/stars/reconcile.js';
export { createTonIndexer } from './payments/ton/indexer.js';
export { AwaitedTonPayments } from './payments/ton/awaited.js';
export { createTonWatcher, readCursor, type TonWatcher } from './payments/ton/watcher.js';
/** What the TON watcher calls for each transfer it reads, for suites that settle one without a chain. */
export { settlePayment } from './payments/settle.js';
/** The tables, for tests that read or arrange rows directly; the edges go through core's services. */
export { tables } from './db/index.js';
export { activity, listings, resaleLedger } from './resale/tables.js';
export { offerNotices, offers } from './offers/tables.js';
export { expireOffers } from './offers/index.js';
export { expireGifts, gifts } from './gifts/index.js';
export { BIDDER_NOTICE_BUDGET } from './offers/notify.js';
export { revokeRefundedStarsEdition, type RevocationOutcome } from './payments/stars/revoke.js';
export { type RateLimit } from './config.js';
export { s3Storage } from './storage/s3-storage.js';
export { diskStorage } from './storage/storage.js';
export { type TelegramUserFields } from './profile/index.js';
export { getProfile } from './earnings/index.js';
export {
  detectImageType,
  detectMediaType,
  executable,
  fileBudget,
  MAX_ANIMATION_DECODED_PIXELS,
  mediaBinaries,
  probeVideo,
  readTgs,
  renderSticker,
  renderVideoSticker,
  tgsStill,
} from './create-pack/index.js';
export { refreshTrendingScores } from './packs/index.js';
export { CHAIN_GRACE_MS } from './resale/index.js';
export { expireReservations, OrderNotFoundError, PaymentRefConflictError } from './orders/index.js';
export { enqueueOutbox, enqueueOutboxMessages, outboxMessage } from './outbox/enqueue.js';
export { outboxKey } from './outbox/keys.js';
export { packSlug } from './delivery/index.js';

/** An order's record as its buyer may see it: the API test of batched reads calls it directly. */
export { findUserOrder } from './db/order-record.js';
export { refreshSearchFacts } from './packs/search-facts.js';
