import {
  type Config,
  type Database,
  type FileStorage,
  type ImagePool,
  type Logger,
  type PaymentSetup,
  offerExpirer,
  giftExpirer,
  paymentJobs,
  payoutJobs,
  payoutsRunHere,
  payTonRefundByPayoutWallet,
  reservationSweeper,
  seedDemoCatalogue,
  signInPruner,
  dropAnnouncer,
  makeMissingPreviews,
  startJobs,
  trendingRefresher,
} from '@stickerdrop/core';

/** Reservations past their 15 minutes are marked expired about this often (availability ignores them already). */
const RESERVATION_SWEEP_MS = 60_000;
/** Open offers past their time are closed, and their bidders told, about this often. */
const OFFER_EXPIRY_SWEEP_MS = 60_000;
/** Unclaimed gifts past GIFT_CLAIM_DAYS go back to their senders about this often. */
const GIFT_EXPIRY_SWEEP_MS = 60_000;
/** Trending scores follow sales, likes and views with at most this delay. */
const TRENDING_REFRESH_MS = 60_000;
/** A drop's subscribers are queued within this long of its opening. */
const DROP_ANNOUNCE_MS = 2_000;
/** Expired sign-in codes and refresh tokens are deleted about this often. */
const SIGN_IN_PRUNE_MS = 10 * 60_000;

export interface BackgroundJobs {
  stop(): Promise<void>;
}

/**
 * Work that runs beside the requests, started and stopped here and nowhere else: the demo seed, trending
 * scores, reservation, offer and gift expiry, opened drops, the missing sticker previews, pruning expired sign-ins,
 * the payments' jobs and the payout wallet's (their clients are the app's `PaymentSetup`).
 * The pack views counter flushes with the routes that count (it stops when the app closes).
 */
export async function startBackgroundJobs(deps: {
  config: Config;
  db: Database;
  storage: FileStorage;
  payments: PaymentSetup;
  imagePool: ImagePool;
  log: Logger;
  seed: boolean;
}): Promise<BackgroundJobs> {
  const { config, db, log } = deps;
  const now = () => new Date();
  if (deps.seed && (await seedDemoCatalogue({ db, storage: deps.storage, now: now() }))) {
    log.info('seeded the demo catalogue');
  }
  // Packs from before public previews (migration 0010) get theirs once, beside the requests.
  const previews = new AbortController();
  const backfill = makeMissingPreviews({
    db,
    storage: deps.storage,
    imagePool: deps.imagePool,
    log,
    signal: previews.signal,
  })
    .then((made) => made > 0 && log.info({ made }, 'made the missing sticker previews'))
    .catch((error: unknown) => log.error({ err: error }, 'could not make the missing sticker previews'));
  const stopJobs = startJobs([
    trendingRefresher(db, { every: TRENDING_REFRESH_MS, now, log }),
    reservationSweeper(db, { every: RESERVATION_SWEEP_MS, now, log }),
    offerExpirer(db, { every: OFFER_EXPIRY_SWEEP_MS, now, log }),
    giftExpirer(db, { every: GIFT_EXPIRY_SWEEP_MS, now, log }),
    dropAnnouncer(db, { every: DROP_ANNOUNCE_MS, now, log }),
    signInPruner(db, { every: SIGN_IN_PRUNE_MS, now, log }),
    ...paymentJobs({
      config,
      db,
      payments: deps.payments,
      log,
      now,
      // The payout wallet pays TON refunds when it runs in this process; otherwise they stay manual.
      payTonRefund: payoutsRunHere({ config, payments: deps.payments }) ? payTonRefundByPayoutWallet : undefined,
    }),
    ...payoutJobs({ config, db, payments: deps.payments, log, now }),
  ]);
  return {
    async stop() {
      previews.abort();
      await Promise.all([stopJobs(), backfill]);
    },
  };
}
