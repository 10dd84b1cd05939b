import { isValid, isValid3rd, signData } from '@telegram-apps/init-data-node';
import { z } from 'zod';
import { INIT_DATA_MAX_AGE_S } from '@stickerdrop/shared';

/** How far in the future `auth_date` may be: clocks of Telegram's servers and ours drift a little. */
const MAX_CLOCK_SKEW_S = 30;

/** The user object Telegram puts into init data (and the bot sees as `ctx.from`). */
export const TelegramUser = z.object({
  // Telegram user ids are positive; negative ids are ours (demo and seeded users).
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  first_name: z.string().min(1).max(256),
  last_name: z.string().max(256).optional(),
  username: z.string().max(64).optional(),
  photo_url: z.string().max(2048).optional(),
  language_code: z.string().max(35).optional(),
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
 * Checks Telegram Mini App init data with the platform's own validator (@telegram-apps/init-data-node):
 * the HMAC `hash` keyed by our bot token, or else Telegram's Ed25519 `signature` for our bot id, which
 * still holds after the token is rotated in @BotFather (clients opened before then keep the old hash).
 * Freshness is ours: the library reads the wall clock, and the API's clock is injected (tests move it).
 */
export async function verifyInitData(raw: string, botToken: string, now: Date): Promise<InitDataResult> {
  const fields = uniqueFields(raw);
  if (!fields || !(await isSignedByTelegram(raw, botToken, fields))) return { ok: false, reason: 'invalid' };

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

/** The fields by name, or null when a key repeats: the library would sign both, we would read one. */
function uniqueFields(raw: string): Map<string, string> | null {
  const fields = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(raw)) {
    if (fields.has(key)) return null;
    fields.set(key, value);
  }
  return fields;
}

async function isSignedByTelegram(raw: string, botToken: string, fields: Map<string, string>): Promise<boolean> {
  // expiresIn 0: the library's own expiry check is off; verifyInitData applies ours.
  if (isValid(raw, botToken, { expiresIn: 0 })) return true;
  const botId = Number(botToken.split(':')[0]);
  if (!fields.has('signature') || !Number.isSafeInteger(botId)) return false;
  return isValid3rd(raw, botId, { expiresIn: 0 });
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
  // Telegram's data-check-string: every field but `hash`, sorted by key, `key=value` joined by newlines.
  const dataCheckString = [...fields]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
  const params = new URLSearchParams([...fields]);
  params.set('hash', signData(dataCheckString, botToken));
  return params.toString();
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
