import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { LOGIN_CODE_TTL_S, decodeStartParam } from '@stickerdrop/shared';
import type { Database } from '../db/client.js';
import { loginCodes } from '../db/schema.js';
import { upsertTelegramUser, type TelegramUserFields } from '../profile/users.js';
import { hashSecret, randomSecret } from './secrets.js';

/**
 * Sign-in on the plain web: the page asks for a one-time code, the user sends it to the bot
 * (`/start login_<code>`), the bot confirms it for their Telegram account, and the page, polling,
 * exchanges the confirmed code for tokens exactly once.
 */
export async function createLoginCode(db: Database, now: Date): Promise<{ code: string; expiresAt: Date }> {
  const code = randomSecret();
  const expiresAt = new Date(now.getTime() + LOGIN_CODE_TTL_S * 1000);
  await db.insert(loginCodes).values({ codeHash: hashSecret(code), expiresAt });
  return { code, expiresAt };
}

/** Called by the bot in-process when a user opens `login_<code>`. */
export async function confirmLoginCode(
  db: Database,
  code: string,
  telegramUser: TelegramUserFields,
  now: Date,
): Promise<'confirmed' | 'expired'> {
  if (!isWellFormed(code)) return 'expired';
  const user = await upsertTelegramUser(db, telegramUser);
  const confirmed = await db
    .update(loginCodes)
    .set({ userId: user.id, confirmedAt: now })
    .where(
      and(
        eq(loginCodes.codeHash, hashSecret(code)),
        isNull(loginCodes.confirmedAt),
        isNull(loginCodes.consumedAt),
        gt(loginCodes.expiresAt, now),
      ),
    )
    .returning({ userId: loginCodes.userId });
  return confirmed.length > 0 ? 'confirmed' : 'expired';
}

export type LoginCodeState = { status: 'pending' } | { status: 'confirmed'; userId: number } | { status: 'expired' };

/**
 * The page's poll. A confirmed code is consumed by a conditional UPDATE, so of two pollers only one
 * ever sees `confirmed`; everyone after that sees `expired`.
 */
export async function consumeLoginCode(db: Database, code: string, now: Date): Promise<LoginCodeState> {
  if (!isWellFormed(code)) return { status: 'expired' };
  const codeHash = hashSecret(code);
  const [consumed] = await db
    .update(loginCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(loginCodes.codeHash, codeHash),
        isNotNull(loginCodes.confirmedAt),
        isNull(loginCodes.consumedAt),
        gt(loginCodes.expiresAt, now),
      ),
    )
    .returning({ userId: loginCodes.userId });
  if (consumed?.userId != null) return { status: 'confirmed', userId: Number(consumed.userId) };

  const [row] = await db
    .select({ confirmedAt: loginCodes.confirmedAt, consumedAt: loginCodes.consumedAt, expiresAt: loginCodes.expiresAt })
    .from(loginCodes)
    .where(eq(loginCodes.codeHash, codeHash))
    .limit(1);
  const pending = row && !row.confirmedAt && !row.consumedAt && row.expiresAt.getTime() > now.getTime();
  return pending ? { status: 'pending' } : { status: 'expired' };
}

/** The same pattern the deep link carries, so a code that could never reach the bot is refused early. */
function isWellFormed(code: string): boolean {
  return decodeStartParam(`login_${code}`)?.kind === 'login';
}
