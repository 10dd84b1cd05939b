export { availablePaymentMethods, configuredRailMethods } from '../sales/payment-methods.js';
export { createPaymentSetup, type PaymentSetup } from './rails.js';
export { paymentJobs } from './jobs.js';
export { usdCents, starsFor, STRIPE_MIN_USD_CENTS } from './prices.js';
export { settlePayment, type IncomingPayment, type PaymentOutcome, type SettleResult } from './settle.js';
export {
  checkStarsPreCheckout,
  settleStarsPayment,
  starsRefundContext,
  STARS_CURRENCY,
  type PreCheckoutAnswer,
  type PreCheckoutQuery,
  type StarsPayment,
} from './stars/services.js';
export {
  refundStarsNow,
  markPaymentRefunded,
  createRefundWorker,
  executeRefund,
  type RefundWorker,
} from './refunds.js';
export {
  refundTonPayment,
  manualTonRefundReason,
  MIN_AUTOMATIC_TON_REFUND_NANO,
  type PayTonRefund,
  type TonRefund,
} from './ton-refunds.js';
export { createTonWatcher, type TonWatcher } from './ton/watcher.js';
export { createStarsReconciler, type StarsReconciler } from './stars/reconcile.js';
export { createTonIndexer, type TonIndexer } from './ton/indexer.js';
export { AwaitedTonPayments } from './ton/awaited.js';
