import { z } from 'zod';
import type { S3Settings } from './storage/s3-storage.js';
import { DEFAULT_CARD_PAYOUT_HOLD_DAYS, DEFAULT_PRIMARY_FEE_BPS, type BalanceTerms } from './balance/terms.js';

/** The settings' building blocks: how one variable reads (flags, URLs, rate limits) and the S3 group. */

/** The one place that reads the environment. A bad value stops start-up with a sentence naming it. */
export const flag = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : value === '1' || value === 'true'));
/** An unset or empty variable reads as undefined. Shared with the bot's config. */
export const optionalString = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));
export const optionalUrl = z
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

/** The S3_* variables. The bot's own process stores files too, so its config takes these as they are. */
export const s3EnvFields = {
  S3_ENDPOINT: optionalUrl.refine((value) => !value || /^https?:\/\//.test(value), 'must be an http(s):// URL'),
  // The rules AWS, R2 and MinIO share: 3–63 lowercase letters, digits, dots and hyphens.
  S3_BUCKET: optionalString.refine(
    (value) => !value || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value),
    'is not a valid bucket name',
  ),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
};
type S3Env = { [Name in keyof typeof s3EnvFields]?: string | undefined };
const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** All or nothing: half a configuration would quietly keep uploads on one machine's disk. */
export function requireCompleteS3(env: S3Env, ctx: z.RefinementCtx): void {
  const present = S3_REQUIRED.find((name) => env[name]);
  const missing = S3_REQUIRED.find((name) => !env[name]);
  if (present && missing) {
    ctx.addIssue({ code: 'custom', path: [missing], message: `is required when ${present} is set` });
  }
}

/** The bucket to store files in, once `requireCompleteS3` has passed; undefined keeps them in DATA_DIR/files. */
export function s3Settings(env: S3Env): S3Settings | undefined {
  if (!env.S3_ENDPOINT || !env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) return undefined;
  return {
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    // R2's region; AWS needs the bucket's own, MinIO its configured one (us-east-1 unless changed).
    region: env.S3_REGION ?? 'auto',
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  };
}

/** At most `max` requests per `windowMs`, counted per signed-in user, else per client address. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

const WINDOW_UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000 } as const;
/** `<max>/<window>` with the window in s, m or h, e.g. `20/1m`. */
export const rateLimitSpec = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx): RateLimit => {
      const match = /^\s*(\d+)\s*\/\s*(\d+)\s*([smh])\s*$/.exec(value || fallback);
      const max = Number(match?.[1]);
      const count = Number(match?.[2]);
      if (!match || max < 1 || count < 1) {
        ctx.addIssue({ code: 'custom', message: 'must look like 20/1m (requests per window of s, m or h)' });
        return z.NEVER;
      }
      return { max, windowMs: count * WINDOW_UNIT_MS[match[3] as keyof typeof WINDOW_UNIT_MS] };
    });

/** RATE_LIMIT_REPORT: reports one person may file; shared with the bot's config, which takes reports too. */
export const reportLimitField = { RATE_LIMIT_REPORT: rateLimitSpec('10/1h') };

/** The creator balance's settings; shared with the bot's config, which settles Stars payments too. */
export const balanceEnvFields = {
  /** The marketplace's cut of a primary sale, in basis points (500 = 5 %: the creator keeps 95 %). */
  PRIMARY_FEE_BPS: z.coerce.number().int().min(0).max(5000).default(DEFAULT_PRIMARY_FEE_BPS),
  /** Days a creator's share of a card sale stays pending: the buyer's bank can take the payment back. */
  CARD_PAYOUT_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(DEFAULT_CARD_PAYOUT_HOLD_DAYS),
};

export function balanceTerms(env: { PRIMARY_FEE_BPS: number; CARD_PAYOUT_HOLD_DAYS: number }): BalanceTerms {
  return { primaryFeeBps: env.PRIMARY_FEE_BPS, cardHoldDays: env.CARD_PAYOUT_HOLD_DAYS };
}

/** OPERATOR_IDS: Telegram user ids, comma-separated, who may use the operator's desk. */
export const operatorIdsField = z
  .string()
  .optional()
  .transform((value, ctx): number[] => {
    const parts = (value ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const ids = parts.map(Number);
    if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) {
      ctx.addIssue({ code: 'custom', message: 'must be Telegram user ids separated by commas' });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });
