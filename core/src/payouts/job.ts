import { and, eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { payoutMessages, type PayoutMessageRow } from '../db/schema.js';
import { periodic, type Job } from '../jobs/periodic.js';
import type { Logger } from '../logger.js';
import type { MoneyJobDeps } from '../payments/jobs.js';
import type { TonIndexer } from '../payments/ton/indexer.js';
import { createAutoPayoutJob } from './auto.js';
import type { PayoutDeps } from './deps.js';
import { readFate } from './fate.js';
import { sendPayoutMessage } from './send.js';
import { expireMessage, settleLanded } from './settle.js';
import { signPayoutBatch } from './sign.js';
import { createTonSender, type TonSender } from './ton-service.js';
import { openPayoutWallet } from './wallet.js';

/** The message signed and not yet settled, if any (at most one per wallet). */
export async function messageInFlight(deps: PayoutDeps): Promise<PayoutMessageRow | undefined> {
  const [message] = await deps.db
    .select()
    .from(payoutMessages)
    .where(and(eq(payoutMessages.wallet, deps.wallet.raw), eq(payoutMessages.status, 'signed')));
  return message;
}

/**
 * One step for the message in flight: settle it when the chain shows its fate, else send it again while
 * it is valid (it may never have been sent: a crash right after signing). Returns whether it is settled.
 */
export async function followPayoutMessage(deps: PayoutDeps, message: PayoutMessageRow): Promise<boolean> {
  const fate = await readFate(deps, message);
  if (fate.kind === 'landed') await settleLanded(deps, message, fate.tx);
  else if (fate.kind === 'missed') await expireMessage(deps, message);
  else if (deps.now() < message.validUntil) await sendPayoutMessage(deps, message);
  return fate.kind !== 'unknown';
}

/**
 * One pass: the message in flight is followed; with none, the next batch is signed, stored, then sent.
 * `'more'` asks for the next pass at once (a message settled, so a new batch may be waiting).
 */
export async function payoutPass(deps: PayoutDeps): Promise<'more' | undefined> {
  const inFlight = await messageInFlight(deps);
  if (inFlight) return (await followPayoutMessage(deps, inFlight)) ? 'more' : undefined;
  const signed = await signPayoutBatch(deps);
  if (signed) await sendPayoutMessage(deps, signed);
  return undefined;
}

/** A message in flight is looked at this often; a TON service away makes the pause double up to 5 minutes. */
export const PAYOUT_EVERY_MS = 10_000;

/**
 * The payout wallet's job, when TON_PAYOUT_MNEMONIC and TON_INDEXER_URL are set. The key is derived on the
 * first pass (a bad one is logged without its words and retried, never crashing start-up).
 */
export function createPayoutJob(deps: {
  config: Config;
  db: Database;
  indexer: TonIndexer;
  sender?: TonSender;
  now: () => Date;
  log: Logger;
  every?: number;
}): Job | undefined {
  const { config } = deps;
  const words = config.payouts.mnemonic;
  if (!words || !config.ton.indexerUrl) return undefined;
  const sender = deps.sender ?? createTonSender(config.ton.indexerUrl);
  let ready: Promise<PayoutDeps> | undefined;
  const open = async (): Promise<PayoutDeps> => ({
    db: deps.db,
    wallet: await openPayoutWallet(words, config.ton.network),
    sender,
    indexer: deps.indexer,
    caps: { maxNano: config.payouts.maxNano, dailyMaxNano: config.payouts.dailyMaxNano },
    now: deps.now,
    log: deps.log,
  });
  return periodic({
    name: 'payouts',
    every: deps.every ?? PAYOUT_EVERY_MS,
    log: deps.log,
    backoff: { maxMs: 5 * 60_000 },
    immediately: true,
    async run() {
      ready ??= open().catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
      return payoutPass(await ready);
    },
  });
}

/**
 * The money-out jobs beside the payments' own (api/src/jobs.ts starts both): the payout wallet when
 * TON_PAYOUT_MNEMONIC is set, reading through the process's TON indexer client, and with PAYOUT_AUTO on
 * the automatic payouts of creators at PAYOUT_MIN.
 */
export function payoutJobs(deps: MoneyJobDeps): Job[] {
  const { config, db, log } = deps;
  const indexer = deps.payments.tonIndexer;
  const now = deps.now ?? (() => new Date());
  const job = indexer && createPayoutJob({ config, db, indexer, now, log });
  if (!job) return [];
  const auto = config.payouts.auto && createAutoPayoutJob({ db, minNano: config.payouts.minNano, now, log });
  return auto ? [job, auto] : [job];
}

/** Whether this process runs the payout wallet, which then pays TON refunds too. */
export function payoutsRunHere(deps: Pick<MoneyJobDeps, 'config' | 'payments'>): boolean {
  return Boolean(deps.config.payouts.mnemonic && deps.config.ton.indexerUrl && deps.payments.tonIndexer);
}
