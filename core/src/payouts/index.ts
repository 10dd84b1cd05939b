/** Money out: the marketplace's own W5 wallet pays creators and refunds, each exactly once. */
export { requestPayout, releaseHeldPayout, payoutCounts, PayoutIntentError } from './intents.js';
export type { PayoutIntent, PayoutKind } from './intents.js';
export {
  createPayoutJob,
  payoutJobs,
  payoutPass,
  followPayoutMessage,
  messageInFlight,
  PAYOUT_EVERY_MS,
  payoutsRunHere,
} from './job.js';
export { withdrawBalance, type Withdrawal, type WithdrawInput } from './withdraw.js';
export { creatorsDueAPayout, payCreatorsDue, createAutoPayoutJob, AUTO_PAYOUT_EVERY_MS } from './auto.js';
export { payTonRefundByPayoutWallet } from './refunds.js';
export { transactionUrl, refundPays } from './outcomes.js';
export { signPayoutBatch } from './sign.js';
export { sendPayoutMessage } from './send.js';
export { readFate } from './fate.js';
export { openPayoutWallet, normalizedHash, MAX_TRANSFERS_PER_MESSAGE } from './wallet.js';
export type { PayoutWallet, PayoutTransfer } from './wallet.js';
export { createTonSender, TonServiceError, type TonSender } from './ton-service.js';
export { SecretWords, isTonMnemonic } from './secret-words.js';
export { MESSAGE_VALID_SECONDS, FATE_GRACE_SECONDS, type PayoutDeps } from './deps.js';
