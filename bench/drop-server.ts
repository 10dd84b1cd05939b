/**
 * The server of one `npm run bench:drop` drop, as `npm start` runs it: the API in this process and, on a
 * real rail, the payments' background jobs (the TON watcher at its production page size and pace, the
 * refund worker, the Stars reconciliation) and, for Stars, the bot in the same process receiving updates on
 * its webhook, with its outbox worker sending the receipts. Telegram and the TON indexer are the buyers'
 * stand-ins (TELEGRAM_API_ROOT, TON_INDEXER_URL).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createApp } from '@stickerdrop/api';
import { startBot } from '@stickerdrop/bot';
import { loadConfig, memoryStorage, paymentJobs, silentLogger, startJobs, type Database } from '@stickerdrop/core';
import type { Rail } from './drop-pay.js';
import { freePort } from './start-timer.js';
import { BENCH_BOT } from './telegram-stand-in.js';

/** The marketplace's receiving wallet, in raw form (any valid address: the stand-in indexer holds no keys). */
export const BENCH_TON_RECEIVER = `0:${'5d'.repeat(32)}`;

export interface StandInUrls {
  telegramApiRoot?: string;
  indexerUrl?: string;
}

export interface DropServer {
  app: FastifyInstance;
  base: string;
  /** The bot's webhook, for the Telegram stand-in (Stars only). */
  webhook?: { address: string; path: string; secret: string };
  close(): Promise<void>;
}

function railEnvironment(rail: Rail, standIns: StandInUrls): Record<string, string> {
  switch (rail) {
    case 'demo':
      return { DEMO: '1' };
    case 'stars':
      return {
        PAYMENT_METHODS: 'stars',
        BOT_TOKEN: `${BENCH_BOT.id}:${randomBytes(24).toString('base64url')}`,
        BOT_USERNAME: BENCH_BOT.username,
        TELEGRAM_API_ROOT: standIns.telegramApiRoot!,
      };
    case 'ton':
      return {
        PAYMENT_METHODS: 'ton',
        TON_RECEIVER_ADDRESS: BENCH_TON_RECEIVER,
        TON_INDEXER_URL: standIns.indexerUrl!,
      };
  }
}

export async function startDropServer(rail: Rail, db: Database, standIns: StandInUrls): Promise<DropServer> {
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...railEnvironment(rail, standIns),
  });
  const storage = memoryStorage();
  const app = await createApp({ config, db, storage, logger: false });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  if (rail === 'demo') return { app, base, close: () => app.close() };

  const log = silentLogger;
  const stopJobs = startJobs(paymentJobs({ config, db, payments: app.deps.payments, log }));
  if (rail === 'ton') return { app, base, close: async () => (await stopJobs(), await app.close()) };

  const webhook = {
    url: 'https://bench.invalid/telegram-webhook',
    secret: randomBytes(24).toString('base64url'),
    port: await freePort(),
    host: '127.0.0.1',
  };
  const bot = await startBot({ config: { ...config, webhook, offerSale: config }, db, storage, log });
  await bot.ready;
  return {
    app,
    base,
    webhook: { address: `http://127.0.0.1:${webhook.port}`, path: '/telegram-webhook', secret: webhook.secret },
    async close() {
      await bot.stop();
      await stopJobs();
      await app.close();
    },
  };
}
