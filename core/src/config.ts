import path from 'node:path';
import { tonCore } from './ton-core.js';
import { z } from 'zod';
import {
  DEFAULT_GIFT_CLAIM_DAYS,
  DEFAULT_STARS_RESALE_LOCK_DAYS,
  MAX_IMAGE_PIXELS,
  MAX_UPLOAD_BYTES,
  PAYMENT_METHODS,
} from '@stickerdrop/shared';
import type { S3Settings } from './storage/s3-storage.js';
import { DEFAULT_IMAGE_POOL } from './create-pack/image-pool.js';
import { DEFAULT_OFFERS_MAX_OPEN } from './offers/make.js';
import type { ReservationPolicy } from './reservations/policy.js';
import { type HttpSettings, httpEnvFields, httpSettings, requireHeadersWithinRequest } from './http-config.js';
import { SecretWords, isTonMnemonic, mnemonicWords } from './payouts/secret-words.js';
import type { BalanceTerms } from './balance/terms.js';

import {
  balanceEnvFields,
  balanceTerms,
  flag,
  optionalString,
  optionalUrl,
  operatorIdsField,
  rateLimitSpec,
  reportLimitField,
  requireCompleteS3,
  s3EnvFields,
  s3Settings,
  type RateLimit,
} from './config-fields.js';

export {
  balanceEnvFields,
  balanceTerms,
  reportLimitField,
  optionalString,
  optionalUrl,
  requireCompleteS3,
  s3EnvFields,
  s3Settings,
  type RateLimit,
};
export type RateLimitName = keyof Config['rateLimits']['limits'];

/** A TON amount with at most 9 decimals, read as nanotons. */
const tonAmount = (fallback: string) =>
  z
    .string()
    .regex(/^\d{1,12}(\.\d{1,9})?$/, 'must be a TON amount (at most 9 decimals)')
    .default(fallback)
    .transform((value) => {
      const [whole, fraction = ''] = value.split('.');
      return BigInt(whole!) * 1_000_000_000n + BigInt(fraction.padEnd(9, '0'));
    });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.refine(
    (value) => !value || /^postgres(ql)?:\/\//.test(value),
    'must start with postgres://',
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  JWT_SECRET: optionalString.refine((value) => !value || value.length >= 32, 'must be at least 32 characters'),
  BOT_TOKEN: optionalString.refine((value) => !value || /^\d+:[\w-]{20,}$/.test(value), 'is not a bot token'),
  BOT_USERNAME: optionalString.transform((value) => value?.replace(/^@/, '')),
  TELEGRAM_API_ROOT: z.url().default('https://api.telegram.org'),
  DEMO: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TON_RECEIVER_ADDRESS: optionalString.refine(
    (value) => !value || tonCore().Address.isFriendly(value) || tonCore().Address.isRaw(value),
    'is not a TON address',
  ),
  TON_INDEXER_URL: optionalUrl,
  TON_NETWORK: z.enum(['mainnet', 'testnet']).default('mainnet'),
  // The marketplace's own W5 wallet that pays creators and refunds; its words are never logged.
  TON_PAYOUT_MNEMONIC: optionalString.refine(
    (value) => !value || isTonMnemonic(mnemonicWords(value)),
    'is not a 24-word TON wallet mnemonic',
  ),
  PAYOUT_MAX_TON: tonAmount('100'),
  PAYOUT_DAILY_MAX_TON: tonAmount('1000'),
  // A creator may withdraw once their available balance reaches PAYOUT_MIN; with PAYOUT_AUTO on, the
  // marketplace pays every creator at that threshold by itself.
  PAYOUT_MIN: tonAmount('1'),
  PAYOUT_AUTO: flag,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalUrl,
  PAYMENT_METHODS: z.string().default('ton,stripe,stars'),
  TON_USD_RATE: z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'must be a decimal number')
    .default('5'),
  STARS_PER_TON: z.coerce.number().int().positive().default(250),
  /** The marketplace's cut of a resale, in basis points (250 = 2.5 %); a creator royalty is at most 10 %. */
  MARKET_FEE_BPS: z.coerce.number().int().min(0).max(5000).default(250),
  /** Days after a Stars purchase before the edition can be listed or offered on (Stars can be refunded). */
  STARS_RESALE_LOCK_DAYS: z.coerce.number().int().min(0).max(365).default(DEFAULT_STARS_RESALE_LOCK_DAYS),
  ...balanceEnvFields,
  /** Days a gift waits to be claimed before it returns to its sender. */
  GIFT_CLAIM_DAYS: z.coerce.number().int().min(1).max(90).default(DEFAULT_GIFT_CLAIM_DAYS),
  // Unpaid reservations hold supply that others could buy: a few at once per account, shorter in a drop, and
  // an account that keeps letting them lapse waits before it may reserve again.
  RESERVATIONS_MAX_OPEN: z.coerce.number().int().min(1).max(100).default(3),
  DROP_RESERVATION_MINUTES: z.coerce.number().int().min(1).max(15).default(5),
  RESERVATION_COOLDOWN: rateLimitSpec('5/1h'),
  OFFERS_MAX_OPEN: z.coerce.number().int().min(1).max(1000).default(DEFAULT_OFFERS_MAX_OPEN),
  ...s3EnvFields,
  REDIS_URL: optionalUrl.refine((value) => !value || /^rediss?:\/\//.test(value), 'must start with redis://'),
  // Defaults leave room for a person using the app in earnest (the web sign-in polls its code every 2 s)
  // and stop a script long before it costs anything. http/rate-limits.ts says which routes each one covers.
  RATE_LIMIT_SIGN_IN: rateLimitSpec('20/1m'),
  RATE_LIMIT_LOGIN_CODE: rateLimitSpec('10/1m'),
  RATE_LIMIT_LOGIN_CODE_POLL: rateLimitSpec('120/1m'),
  RATE_LIMIT_BUY: rateLimitSpec('20/1m'),
  RATE_LIMIT_UPLOAD: rateLimitSpec('20/1h'),
  RATE_LIMIT_LIKE: rateLimitSpec('60/1m'),
  RATE_LIMIT_WRITE: rateLimitSpec('30/1m'),
  ...reportLimitField,
  OPERATOR_IDS: operatorIdsField,
  // Uploads stream to temporary files; these bound one request and the process (create-pack/image-pool.ts).
  UPLOAD_MAX_BYTES_PER_REQUEST: z.coerce
    .number()
    .int()
    .min(MAX_UPLOAD_BYTES)
    .default(40 * 1024 * 1024),
  UPLOAD_MAX_PIXELS: z.coerce.number().int().min(MAX_IMAGE_PIXELS).default(150_000_000),
  UPLOAD_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(DEFAULT_IMAGE_POOL.concurrency),
  UPLOAD_QUEUE: z.coerce.number().int().min(0).max(1_000).default(DEFAULT_IMAGE_POOL.maxQueued),
  FILE_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  ...httpEnvFields,
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Unset: the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  /** DATABASE_POOL_SIZE: Postgres connections this process opens at most. */
  databasePoolSize: number;
  jwtSecret: string;
  botToken: string | undefined;
  botUsername: string | undefined;
  telegramApiRoot: string;
  demo: boolean;
  logLevel: Env['LOG_LEVEL'];
  paymentMethods: string[];
  ton: { receiver: string | undefined; indexerUrl: string | undefined; network: Env['TON_NETWORK']; usdRate: string };
  payouts: {
    /** TON_PAYOUT_MNEMONIC; unset: nothing is paid out. */
    mnemonic: SecretWords | undefined;
    /** PAYOUT_MAX_TON: a larger payout waits for an operator. */
    maxNano: bigint;
    /** PAYOUT_DAILY_MAX_TON: payouts signed in the last 24 hours stay within it; the rest wait for an operator. */
    dailyMaxNano: bigint;
    /** PAYOUT_MIN: the least available balance a creator can withdraw (and the automatic payouts' threshold). */
    minNano: bigint;
    /** PAYOUT_AUTO: every creator at PAYOUT_MIN with a linked wallet is paid by a periodic job. */
    auto: boolean;
  };
  stripe: { secretKey: string | undefined; webhookSecret: string | undefined; apiBase: string | undefined };
  starsPerTon: number;
  /** MARKET_FEE_BPS: the fee leg of a resale, floor(price × bps / 10000). */
  marketFeeBps: number;
  /** STARS_RESALE_LOCK_DAYS: an edition paid in Stars is resellable this many days after its purchase. */
  starsResaleLockDays: number;
  /** PRIMARY_FEE_BPS and CARD_PAYOUT_HOLD_DAYS: what a creator's balance is credited, and when it is available. */
  balance: BalanceTerms;
  /** GIFT_CLAIM_DAYS: an unclaimed gift returns to its sender after this many days. */
  giftClaimDays: number;
  reservations: ReservationPolicy;
  /** OPERATOR_IDS: who may use the operator's desk (`/api/ops`, `#/ops`); empty: nobody. */
  operatorIds: readonly number[];
  /** OFFERS_MAX_OPEN: open offers one bidder may have at once. */
  offersMaxOpen: number;
  /** Unset: files in `dataDir`/files. */
  s3: S3Settings | undefined;
  uploads: {
    /** UPLOAD_MAX_BYTES_PER_REQUEST: the files of one upload together; more is refused as too large. */
    maxBytesPerRequest: number;
    /** UPLOAD_MAX_PIXELS: width × height summed over one upload's images, read from their headers; more is refused. */
    maxPixelsPerRequest: number;
    /** UPLOAD_CONCURRENCY: uploads whose images are decoded at once in this process. */
    concurrency: number;
    /** UPLOAD_QUEUE: uploads waiting for a turn; one more is a 503 with Retry-After. */
    maxQueued: number;
  };
  /** FILE_URL_TTL_SECONDS: how long a signed link to a full sticker file works. */
  fileUrlTtlSeconds: number;
  /** How long shared read models (anonymous catalogue pages, trending, stats) are reused; 0 = off. */
  readCacheMs: number;
  /** TRUST_PROXY and the HTTP_*_TIMEOUT settings of the API's server. */
  http: HttpSettings;
  rateLimits: {
    /** Unset: counted in each process's memory, so N replicas allow N times the limit. */
    redisUrl: string | undefined;
    /** Prefix of the counters' keys in Redis; tests take one each, as they share one server. */
    redisPrefix: string;
    limits: {
      signIn: RateLimit;
      loginCode: RateLimit;
      loginCodePoll: RateLimit;
      buy: RateLimit;
      upload: RateLimit;
      like: RateLimit;
      write: RateLimit;
      report: RateLimit;
    };
  };
}

export class ConfigError extends Error {}

/**
 * The process environment, with `.env` from the working directory read in first when it exists (Node's
 * own `process.loadEnvFile`). A variable already set in the environment wins over the file, so a
 * container's or a shell's settings are never overridden by a stale file. The bot's config reads it too.
 */
export function environment(file = '.env'): Record<string, string | undefined> {
  try {
    process.loadEnvFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ConfigError(`Cannot read ${file}: ${(error as Error).message}`);
    }
  }
  return process.env;
}

export function loadConfig(source: Record<string, string | undefined> = environment()): Config {
  // Checked across variables only once each one is valid on its own.
  const parsed = EnvSchema.superRefine(requireCompleteS3).superRefine(requireHeadersWithinRequest).safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  if (production && !env.JWT_SECRET)
    throw new ConfigError('Invalid configuration: JWT_SECRET is required in production');
  if (production && env.DEMO)
    throw new ConfigError('Invalid configuration: DEMO cannot be on when NODE_ENV=production');

  if (env.TON_PAYOUT_MNEMONIC && !env.TON_INDEXER_URL)
    throw new ConfigError('Invalid configuration: TON_PAYOUT_MNEMONIC needs TON_INDEXER_URL (to send and confirm)');

  const methods = env.PAYMENT_METHODS.split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  const unknown = methods.find((m) => !(PAYMENT_METHODS as readonly string[]).includes(m));
  if (unknown) throw new ConfigError(`Invalid configuration: PAYMENT_METHODS has unknown method "${unknown}"`);

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    // A local run without a secret still works; tokens just do not survive a restart.
    jwtSecret: env.JWT_SECRET ?? randomSecret(),
    botToken: env.BOT_TOKEN,
    botUsername: env.BOT_USERNAME,
    telegramApiRoot: env.TELEGRAM_API_ROOT.replace(/\/$/, ''),
    // Demo is on by default only for the local embedded mode.
    demo: env.DEMO ?? (!production && !env.DATABASE_URL),
    logLevel: env.LOG_LEVEL,
    paymentMethods: methods,
    ton: {
      receiver: env.TON_RECEIVER_ADDRESS,
      indexerUrl: env.TON_INDEXER_URL,
      network: env.TON_NETWORK,
      usdRate: env.TON_USD_RATE,
    },
    payouts: {
      mnemonic: env.TON_PAYOUT_MNEMONIC ? new SecretWords(mnemonicWords(env.TON_PAYOUT_MNEMONIC)) : undefined,
      maxNano: env.PAYOUT_MAX_TON,
      dailyMaxNano: env.PAYOUT_DAILY_MAX_TON,
      minNano: env.PAYOUT_MIN,
      auto: env.PAYOUT_AUTO ?? false,
    },
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiBase: env.STRIPE_API_BASE,
    },
    starsPerTon: env.STARS_PER_TON,
    marketFeeBps: env.MARKET_FEE_BPS,
    starsResaleLockDays: env.STARS_RESALE_LOCK_DAYS,
    balance: balanceTerms(env),
    giftClaimDays: env.GIFT_CLAIM_DAYS,
    reservations: {
      maxOpen: env.RESERVATIONS_MAX_OPEN,
      dropMs: env.DROP_RESERVATION_MINUTES * 60_000,
      cooldown: { maxLapsed: env.RESERVATION_COOLDOWN.max, windowMs: env.RESERVATION_COOLDOWN.windowMs },
    },
    offersMaxOpen: env.OFFERS_MAX_OPEN,
    operatorIds: env.OPERATOR_IDS,
    s3: s3Settings(env),
    uploads: {
      maxBytesPerRequest: env.UPLOAD_MAX_BYTES_PER_REQUEST,
      maxPixelsPerRequest: env.UPLOAD_MAX_PIXELS,
      concurrency: env.UPLOAD_CONCURRENCY,
      maxQueued: env.UPLOAD_QUEUE,
    },
    fileUrlTtlSeconds: env.FILE_URL_TTL_SECONDS,
    // Two seconds is invisible to a visitor and turns a hot listing into one query per page per process.
    // Tests see every write at once unless a suite turns it on.
    readCacheMs: env.NODE_ENV === 'test' ? 0 : 2_000,
    http: httpSettings(env),
    rateLimits: {
      redisUrl: env.REDIS_URL,
      redisPrefix: 'stickerdrop:rate-limit:',
      limits: {
        signIn: env.RATE_LIMIT_SIGN_IN,
        loginCode: env.RATE_LIMIT_LOGIN_CODE,
        loginCodePoll: env.RATE_LIMIT_LOGIN_CODE_POLL,
        buy: env.RATE_LIMIT_BUY,
        upload: env.RATE_LIMIT_UPLOAD,
        like: env.RATE_LIMIT_LIKE,
        write: env.RATE_LIMIT_WRITE,
        report: env.RATE_LIMIT_REPORT,
      },
    },
  };
}

function randomSecret(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
}

/** A config for tests: embedded database, demo on, a fixed bot token. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      DEMO: '1',
      JWT_SECRET: 'test-secret-that-is-at-least-32-chars!!',
      LOG_LEVEL: 'silent',
    }),
    botToken: '123456:TEST-token-for-signing-init-data',
    botUsername: 'stickerdrop_test_bot',
    ...overrides,
  };
}
