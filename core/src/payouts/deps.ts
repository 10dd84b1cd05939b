import type { Database } from '../db/client.js';
import type { Logger } from '../logger.js';
import type { TonIndexer } from '../payments/ton/indexer.js';
import type { TonSender } from './ton-service.js';
import type { PayoutWallet } from './wallet.js';

/** What every step of the payout lifecycle works with. */
export interface PayoutDeps {
  db: Database;
  wallet: PayoutWallet;
  sender: TonSender;
  indexer: TonIndexer;
  caps: { maxNano: bigint; dailyMaxNano: bigint };
  now: () => Date;
  log: Logger;
}

/** A signed message is valid this long: long enough for a few resends, short enough to learn its fate soon. */
export const MESSAGE_VALID_SECONDS = 180;
/**
 * Past valid_until, the chain's answers are trusted only after this much more: an indexer a little behind
 * could otherwise show an unchanged seqno for a message that ran just in time.
 */
export const FATE_GRACE_SECONDS = 120;
