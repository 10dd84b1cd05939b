/** The bot's surface: the start script runs `startBot`, tests build their own with `createBot`. */
export { createBot, DEFAULT_API_ROOT, type CreateBotOptions } from './bot.js';
export { startBot, type StartBotOptions, type RunningBot } from './runtime/start.js';
export {
  loadBotConfig,
  BotConfigError,
  type BotConfig,
  type BotProcessConfig,
  type BotWebhookConfig,
} from './config.js';
export { configureBotProfile, BOT_COMMANDS } from './runtime/setup.js';
export { createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from './outbox/worker.js';
export { SendLimiter, TELEGRAM_LIMITS, type SendLimits } from './outbox/send-limiter.js';
export type { BotContext, BotDeps } from './context.js';
