import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { type Database, type FileStorage, type ImagePool, memoryStorage, type OfferSaleTerms } from '@stickerdrop/core';
import { freshDatabase, type DatabaseKind } from '../../../api/test/helpers.js';
import { createBot } from '../../src/bot.js';
import type { BotContext } from '../../src/context.js';
import { startFakeBotApi, type FakeBotApi } from '../../../api/test/fakes/bot-api.js';
import { recordingLogger } from './logger.js';

export const TOKEN = '123456:TEST-token-for-the-bot-suite-0000';
export const PUBLIC_URL = 'https://stickerdrop.test';

export interface Harness {
  api: FakeBotApi;
  db: Database;
  storage: FileStorage;
  bot: Bot<BotContext>;
  log: ReturnType<typeof recordingLogger>;
  clock: { now: Date };
  /** Feeds one update through the bot, as polling or a webhook would. */
  send(update: Update): Promise<void>;
  close(): Promise<void>;
}

/**
 * A bot on a fresh database whose grammY client talks HTTP to a fake Bot API on 127.0.0.1. `bot.init()`
 * runs for real (getMe against the fake).
 */
export async function createHarness(
  options: {
    kind?: DatabaseKind;
    publicUrl?: string;
    conversationStorage?: 'database' | 'memory';
    offerTerms?: OfferSaleTerms | null;
    imagePool?: ImagePool;
    reportLimit?: { max: number; windowMs: number };
  } = {},
): Promise<Harness> {
  const api = await startFakeBotApi();
  const database = await freshDatabase(options.kind);
  const storage = memoryStorage();
  const log = recordingLogger();
  const clock = { now: new Date() };
  const bot = createBot(TOKEN, {
    db: database.db,
    storage,
    publicUrl: options.publicUrl ?? PUBLIC_URL,
    log,
    apiRoot: api.apiRoot,
    now: () => clock.now,
    conversationStorage: options.conversationStorage,
    offerTerms: options.offerTerms,
    imagePool: options.imagePool,
    reportLimit: options.reportLimit,
  });
  await bot.init();
  return {
    api,
    db: database.db,
    storage,
    bot,
    log,
    clock,
    send: (update) => bot.handleUpdate(update),
    async close() {
      await api.close();
      await database.close();
    },
  };
}
