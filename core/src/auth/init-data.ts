import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { INIT_DATA_MAX_AGE_S } from '@stickerdrop/shared';

/** How far in the future `auth_date` may be: clocks of Telegram's servers and ours drift a little. */
const MAX_CLOCK_SKEW_S = 30;
const HASH_PATTERN = /^[0-9a-f]{64}$/;

/** The user object Telegram puts into init data (and the bot sees as `ctx.from`). */
export const TelegramUser = z.object({
  // Telegram user ids are positive; negative ids are ours (demo and seeded users).
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  first_name: z.string().min(1).max(256),
  last_name: z.string().max(256).optional(),
  username: z.string().max(64).optional(),
  photo_url: z.string().max(2048).optional(),
});
export type TelegramUser = z.infer<typeof TelegramUser>;

export interface InitData {
  user: TelegramUser;
  /** Seconds since the epoch, as Telegram sends it. */
  auth_date: number;
  start_param?: string;
  query_id?: string;
}

export type InitDataResult = { ok: true; data: InitData } | { ok: false; reason: 'invalid' | 'stale' };

/**
 * Checks Telegram Mini App init data on the raw query string, as Telegram specifies: the secret is
 * HMAC-SHA256(key "WebAppData", bot token); the hash is HMAC-SHA256(secret, data-check-string) where the
 * data-check-string is every field but `hash`, sorted by key, as `key=value` joined with newlines.
 */
export function verifyInitData(raw: string, botToken: string, now: Date): InitDataResult {
  const params = new URLSearchParams(raw);
  const fields = new Map<string, string>();
  for (const [key, value] of params) {
    // A repeated key would make the signed string ambiguous.
    if (fields.has(key)) return { ok: false, reason: 'invalid' };
    fields.set(key, value);
  }
  const hash = fields.get('hash');
  if (!hash || !HASH_PATTERN.test(hash)) return { ok: false, reason: 'invalid' };
  fields.delete('hash');

  const expected = signFields(fields, botToken);
  if (!timingSafeEqual(Buffer.from(hash, 'hex'), expected)) return { ok: false, reason: 'invalid' };

  const authDate = Number(fields.get('auth_date'));
  if (!Number.isSafeInteger(authDate) || authDate <= 0) return { ok: false, reason: 'invalid' };
  const nowS = Math.floor(now.getTime() / 1000);
  if (authDate > nowS + MAX_CLOCK_SKEW_S) return { ok: false, reason: 'invalid' };
  if (nowS - authDate > INIT_DATA_MAX_AGE_S) return { ok: false, reason: 'stale' };

  const user = parseUser(fields.get('user'));
  if (!user) return { ok: false, reason: 'invalid' };
  const data: InitData = { user, auth_date: authDate };
  const startParam = fields.get('start_param');
  const queryId = fields.get('query_id');
  if (startParam !== undefined) data.start_param = startParam;
  if (queryId !== undefined) data.query_id = queryId;
  return { ok: true, data };
}

/**
 * Produces a real signed init-data string, exactly as Telegram would for this bot token. Tests of the
 * API, the bot and the browser sign in with it.
 */
export function signInitData(
  data: {
    user: Partial<TelegramUser> & { id: number };
    auth_date: number;
    start_param?: string;
    query_id?: string;
    /** Telegram's Ed25519 third-party signature; current clients always send it, and it is part of the signed fields. */
    signature?: string;
  },
  botToken: string,
): string {
  const fields = new Map<string, string>();
  fields.set('user', JSON.stringify(data.user));
  fields.set('auth_date', String(data.auth_date));
  if (data.start_param !== undefined) fields.set('start_param', data.start_param);
  if (data.query_id !== undefined) fields.set('query_id', data.query_id);
  if (data.signature !== undefined) fields.set('signature', data.signature);
  const params = new URLSearchParams([...fields]);
  params.set('hash', signFields(fields, botToken).toString('hex'));
  return params.toString();
}

function signFields(fields: Map<string, string>, botToken: string): Buffer {
  const dataCheckString = [...fields]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  return createHmac('sha256', secret).update(dataCheckString).digest();
}

function parseUser(json: string | undefined): TelegramUser | null {
  if (!json) return null;
  try {
    const parsed = TelegramUser.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
