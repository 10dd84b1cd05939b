/**
 * The payout job as its own process, for the kill -9 tests: `node --import tsx payout-process.ts` with
 * DATABASE_URL, TON_INDEXER_URL, TON_PAYOUT_MNEMONIC and NOW_MS (the test's clock). It runs until killed.
 */
import { createPayoutJob, loadConfig, openDatabase } from '@stickerdrop/core';
import { createTonIndexer } from '@stickerdrop/core/testing';

const env = process.env;
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  TON_PAYOUT_MNEMONIC: env.TON_PAYOUT_MNEMONIC,
  TON_INDEXER_URL: env.TON_INDEXER_URL,
});
const database = await openDatabase({ url: env.DATABASE_URL, poolSize: 2 });
const log = {
  debug: () => undefined,
  info: (details: object, message: string) => console.log(message, JSON.stringify(details)),
  warn: (details: object, message: string) => console.log(message, JSON.stringify(details)),
  error: (details: object, message: string) => console.error(message, String((details as { err?: unknown }).err)),
};
const job = createPayoutJob({
  config,
  db: database.db,
  indexer: createTonIndexer(env.TON_INDEXER_URL!),
  now: () => new Date(Number(env.NOW_MS)),
  log,
  every: 20,
})!;
job.start();
// The job's timers do not hold the process open (the API's server does); here this does.
setInterval(() => undefined, 60_000);
console.log('payouts ready');
