/**
 * A TON watcher as its own process, for the crash test: `node --import tsx watcher-process.ts` with
 * DATABASE_URL, TON_INDEXER_URL and TON_RECEIVER_ADDRESS. It polls until it is killed.
 */

const env = process.env;
const database = await openDatabase({ url: env.DATABASE_URL, poolSize: 2 });
const log = {
  debug: () => undefined,
  info: (details: object, message: string) => console.log(message, JSON.stringify(details)),
  warn: (details: object, message: string) => console.log(message, JSON.stringify(details)),
  error: (details: object, message: string) => console.error(message, String((details as { err?: unknown }).err)),
};
const watcher = createTonWatcher({
  db: database.db,
  indexer: createTonIndexer(env.TON_INDEXER_URL!),
  receiver: env.TON_RECEIVER_ADDRESS!,
  now: () => new Date(),
  log,
  intervalMs: 50,
});
watcher.start();
// The watcher's timers do not hold the process open (the API's server does); here this does.
setInterval(() => undefined, 60_000);
console.log('watcher ready');
import { openDatabase } from '@stickerdrop/core';
import { createTonIndexer, createTonWatcher } from '@stickerdrop/core/testing';
