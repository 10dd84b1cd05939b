import path from 'node:path';
import { z } from 'zod';
import {
  environment,
  optionalString,
  optionalUrl,
  requireCompleteS3,
  balanceEnvFields,
  balanceTerms,
  reportLimitField,
  type BalanceTerms,
  s3EnvFields,
  s3Settings,
  type OfferSaleConfig,
  type S3Settings,
} from '@stickerdrop/core';

/**
 * The one file of the bot that reads the environment. The same names as the API (BOT_TOKEN,
 * BOT_USERNAME, PUBLIC_URL, TELEGRAM_API_ROOT, DATABASE_URL, DATA_DIR, S3_*) plus the webhook settings.
 * A bad value stops start-up with a sentence that names the variable.
 */
const EnvSchema = z.object({
  BOT_TOKEN: optionalString.refine((value) => !value || /^\d+:[\w-]{20,}$/.test(value), 'is not a bot token'),
  BOT_USERNAME: optionalString.transform((value) => value?.replace(/^@/, '')),
  PUBLIC_URL: optionalUrl,
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  TELEGRAM_API_ROOT: z.url().default('https://api.telegram.org'),
  DATABASE_URL: optionalString.refine(
    (value) => !value || /^postgres(ql)?:\/\//.test(value),
    'must start with postgres://',
  ),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BOT_WEBHOOK_URL: optionalUrl.refine((value) => !value || value.startsWith('https://'), 'must be an https:// URL'),
  // Telegram allows 1–256 characters of A–Z, a–z, 0–9, _ and -.
  BOT_WEBHOOK_SECRET: optionalString.refine(
    (value) => !value || /^[A-Za-z0-9_-]{16,256}$/.test(value),
    'must be 16–256 characters of A-Z, a-z, 0-9, _ and -',
  ),
  BOT_WEBHOOK_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  HOST: z.string().default('0.0.0.0'),
  ...s3EnvFields,
  ...balanceEnvFields,
  ...reportLimitField,
});

export interface BotWebhookConfig {
  /** The public https URL Telegram posts updates to. */
  url: string;
  /** Checked against X-Telegram-Bot-Api-Secret-Token on every request. */
  secret: string;
  /** Where the bot's webhook server listens; the reverse proxy forwards `url` here. */
  port: number;
  host: string;
}

/** What `startBot` needs; the API's Config has every field but `webhook`, so it can be passed as is. */
export interface BotConfig {
  botToken: string | undefined;
  botUsername?: string | undefined;
  publicUrl: string;
  telegramApiRoot: string;
  /** Unset: long polling. */
  webhook?: BotWebhookConfig | undefined;
  /**
   * How offers accepted in the chat are paid: the API's payment settings, present when the bot runs inside
   * the API process (`npm start` passes its Config). Without them the Accept button points to the app.
   */
  offerSale?: OfferSaleConfig | undefined;
  /** PRIMARY_FEE_BPS and CARD_PAYOUT_HOLD_DAYS: the creator's credit for a Stars sale the bot settles. */
  balance?: BalanceTerms | undefined;
  /** RATE_LIMIT_REPORT, which holds for reports from the chat too; its default when absent. */
  rateLimits?: { limits: { report: { max: number; windowMs: number } } } | undefined;
}

/** The bot as its own process (`bot/src/main.ts`) also opens the database and the file storage. */
export interface BotProcessConfig extends BotConfig {
  databaseUrl: string | undefined;
  dataDir: string;
  /** The API's bucket when S3_* is set; its files are then read from there, not from `dataDir`. */
  s3: S3Settings | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
}

export class BotConfigError extends Error {
  override name = 'BotConfigError';
}

export function loadBotConfig(source: Record<string, string | undefined> = environment()): BotProcessConfig {
  const parsed = EnvSchema.superRefine(requireCompleteS3).safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BotConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const env = parsed.data;
  if (env.BOT_WEBHOOK_URL && !env.BOT_WEBHOOK_SECRET) {
    throw new BotConfigError('Invalid configuration: BOT_WEBHOOK_SECRET is required when BOT_WEBHOOK_URL is set');
  }
  return {
    botToken: env.BOT_TOKEN,
    botUsername: env.BOT_USERNAME,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    telegramApiRoot: env.TELEGRAM_API_ROOT.replace(/\/$/, ''),
    webhook: env.BOT_WEBHOOK_URL
      ? { url: env.BOT_WEBHOOK_URL, secret: env.BOT_WEBHOOK_SECRET!, port: env.BOT_WEBHOOK_PORT, host: env.HOST }
      : undefined,
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(env.DATA_DIR),
    s3: s3Settings(env),
    logLevel: env.LOG_LEVEL,
    balance: balanceTerms(env),
    rateLimits: { limits: { report: env.RATE_LIMIT_REPORT } },
  };
}
