import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { configuredRailMethods } from './availability.js';
import type { PaymentSetup } from './rails.js';
import { createRefundWorker } from './refunds.js';
import { createStarsReconciler } from './stars/reconcile.js';
import { createTonIndexer } from './ton/indexer.js';
import { createTonWatcher, type WatcherLog } from './ton/watcher.js';

/**
 * The payments' background work: the TON watcher (when TON is configured), the refund worker, and the
 * Stars reconciliation (when Stars are offered). All
 * retry with backoff while the indexer, Telegram, Stripe or the database are away; the returned stop
 * waits for the settlement or refund in hand.
 */
export function startPaymentJobs(deps: {
  config: Config;
  db: Database;
  payments: PaymentSetup;
  log: WatcherLog;
  now?: () => Date;
}) {
  const { config, db, log } = deps;
  const now = deps.now ?? (() => new Date());
  const stops: Array<() => Promise<void>> = [];
  if (configuredRailMethods(config).includes('ton') && config.ton.receiver && config.ton.indexerUrl) {
    const watcher = createTonWatcher({
      db,
      indexer: createTonIndexer(config.ton.indexerUrl),
      receiver: config.ton.receiver,
      now,
      log,
    });
    watcher.start();
    stops.push(() => watcher.stop());
  }
  const { stripe, telegram } = deps.payments;
  const refunds = createRefundWorker({ db, stripe, telegram, now, log });
  refunds.start();
  stops.push(() => refunds.stop());
  if (configuredRailMethods(config).includes('stars') && telegram) {
    const reconciler = createStarsReconciler({ db, telegram, now, log });
    reconciler.start();
    stops.push(() => reconciler.stop());
  }
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
