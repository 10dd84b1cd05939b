import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { configuredRailMethods } from '../sales/payment-methods.js';
import type { PaymentSetup } from './rails.js';
import { createRefundWorker } from './refunds.js';
import type { PayTonRefund } from './ton-refunds.js';
import { createStarsReconciler } from './stars/reconcile.js';
import { createTonWatcher } from './ton/watcher.js';
import type { Job } from '../jobs/periodic.js';
import type { Logger } from '../logger.js';

/** What a process hands its money jobs: its config, database, payment clients and log. */
export interface MoneyJobDeps {
  config: Config;
  db: Database;
  payments: PaymentSetup;
  log: Logger;
  now?: () => Date;
  /** The payout wallet's way to pay TON refunds, when it runs in this process (TON_PAYOUT_MNEMONIC). */
  payTonRefund?: PayTonRefund | undefined;
}

/**
 * The payments' background work: the TON watcher (when TON is configured), the refund worker, and the
 * Stars reconciliation (when Stars are offered). All retry while the indexer, Telegram, Stripe or the
 * database are away; stopping one waits for the settlement or refund in hand. The clients are the
 * process's own (`PaymentSetup`), never built again here.
 */
export function paymentJobs(deps: MoneyJobDeps): Job[] {
  const { config, db, log } = deps;
  const now = deps.now ?? (() => new Date());
  const jobs: Job[] = [];
  const { stripe, telegram, tonIndexer, tonAwaited } = deps.payments;
  if (tonIndexer && config.ton.receiver) {
    const { receiver } = config.ton;
    jobs.push(
      createTonWatcher({ db, indexer: tonIndexer, receiver, now, log, balance: config.balance, awaited: tonAwaited }),
    );
  }
  jobs.push(createRefundWorker({ db, stripe, telegram, now, log, payTonRefund: deps.payTonRefund }));
  if (configuredRailMethods(config).includes('stars') && telegram) {
    jobs.push(createStarsReconciler({ db, telegram, now, log, balance: config.balance }));
  }
  return jobs;
}
