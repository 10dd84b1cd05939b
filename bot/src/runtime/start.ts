import { Api, GrammyError } from 'grammy';
import {
  offerSaleTerms,
  startJobs,
  type Database,
  type FileStorage,
  type ImagePool,
  type Logger,
} from '@stickerdrop/core';
import { createBot } from '../bot.js';
import type { BotConfig } from '../config.js';
import { installApiTransformers } from './api-transformers.js';
import { createOutboxWorker, type OutboxWorkerOptions } from '../outbox/worker.js';
import { SendLimiter, type SendLimits } from '../outbox/send-limiter.js';
import { startPolling, type Polling } from './polling.js';
import { configureBotProfile } from './setup.js';
import { startWebhook, type WebhookServer } from './webhook.js';
import { handledUpdatesPruner } from './update-once.js';

export interface StartBotOptions {
  config: BotConfig;
  db: Database;
  storage: FileStorage;
  log: Logger;
  now?: () => Date;
  /** Tuning for tests: faster polling of the outbox, other limits. */
  outbox?: Partial<Pick<OutboxWorkerOptions, 'idleDelayMs' | 'batchSize' | 'leaseMs' | 'backoffMs' | 'concurrency'>> & {
    limits?: SendLimits;
  };
  conversationStorage?: 'database' | 'memory';
  /** The process's conversion pool (the API's, when both run in one process). */
  imagePool?: ImagePool;
}

export interface RunningBot {
  /** Resolves when the bot is receiving updates and the outbox worker runs (tests wait for it). */
  ready: Promise<void>;
  /** Graceful: in-flight updates and outbox sends finish; unhandled updates stay with Telegram. */
  stop(): Promise<void>;
}

export const INIT_RETRY_MS = 5_000;

/**
 * Runs the bot: long polling (or the webhook when configured) and the outbox worker. Without a token it
 * does nothing and says so. Telegram being unreachable never fails the start: the bot keeps trying in
 * the background while the API serves everything else.
 */
export async function startBot(options: StartBotOptions): Promise<RunningBot> {
  const { config, db, storage, log } = options;
  const token = config.botToken;
  if (!token) {
    log.info('BOT_TOKEN is not set: running without the Telegram bot');
    return { ready: Promise.resolve(), stop: async () => {} };
  }
  const now = options.now ?? (() => new Date());
  const bot = createBot(token, {
    db,
    storage,
    publicUrl: config.publicUrl,
    log,
    apiRoot: config.telegramApiRoot,
    now,
    conversationStorage: options.conversationStorage,
    imagePool: options.imagePool,
    offerTerms: config.offerSale ? offerSaleTerms(config.offerSale) : null,
    ...(config.balance && { balance: config.balance }),
    ...(config.rateLimits && { reportLimit: config.rateLimits.limits.report }),
  });
  const limiter = new SendLimiter(options.outbox?.limits);
  // The outbox has its own client, so every 429 it meets pauses all its senders.
  const outboxApi = new Api(token, { apiRoot: config.telegramApiRoot });
  installApiTransformers(outboxApi, { onRetryAfter: (seconds, chatId) => limiter.pause(seconds, chatId) });

  let stopped = false;
  let polling: Polling | undefined;
  let webhook: WebhookServer | undefined;
  let wakeInit: (() => void) | undefined;
  let stopJobs: (() => Promise<void>) | undefined;

  const ready = (async () => {
    while (!stopped) {
      try {
        // getMe by hand rather than bot.init(), which retries an unreachable Telegram silently and forever.
        bot.botInfo = await bot.api.getMe();
        break;
      } catch (error) {
        if (error instanceof GrammyError && error.error_code === 401) {
          log.error('Telegram refused BOT_TOKEN (401): the bot stays off');
          return;
        }
        log.error({ err: error }, 'cannot reach Telegram; the bot will keep trying');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, INIT_RETRY_MS);
          wakeInit = () => (clearTimeout(timer), resolve());
        });
      }
    }
    if (stopped) return;
    if (config.botUsername && config.botUsername !== bot.botInfo.username) {
      log.warn(
        { configured: config.botUsername, actual: bot.botInfo.username },
        'BOT_USERNAME is not the username of BOT_TOKEN’s bot: sign-in links would open another bot',
      );
    }
    await configureBotProfile(bot.api, config.publicUrl, log).catch((error: unknown) =>
      log.error({ err: error }, 'could not set the bot commands and menu button'),
    );
    const worker = createOutboxWorker({
      api: outboxApi,
      db,
      storage,
      botUsername: bot.botInfo.username,
      publicUrl: config.publicUrl,
      now,
      log,
      acquire: async (chatId) => void (await limiter.acquire(chatId)),
      ...options.outbox,
    });
    // The bot's background work, started and stopped here only.
    stopJobs = startJobs([worker, handledUpdatesPruner(db, now, log)]);
    if (config.webhook) webhook = await startWebhook(bot, config.webhook, log);
    else polling = startPolling(bot, log);
    log.info({ username: bot.botInfo.username, mode: config.webhook ? 'webhook' : 'long polling' }, 'bot started');
  })();

  return {
    ready,
    async stop() {
      stopped = true;
      wakeInit?.();
      await ready.catch(() => undefined);
      await Promise.all([polling?.stop(), webhook?.stop(), stopJobs?.()]);
      log.info('bot stopped');
    },
  };
}
