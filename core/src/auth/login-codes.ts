import { randomInt } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { LOGIN_CODE_TTL_S, decodeStartParam } from '@stickerdrop/shared';
import type { Database } from '../db/client.js';
import { loginCodes } from '../db/schema.js';
import { upsertTelegramUser, type TelegramUserFields } from '../profile/users.js';
import { hashSecret, randomSecret } from './secrets.js';

/**
 * Sign-in on the plain web through the bot, with number matching:
 *
 * 1. The page asks for a code (`createLoginCode`): a one-time secret and a two-digit number it shows
 *    ("Tap 47 in Telegram").
 * 2. The user opens `/start login_<code>` in the bot (`openLoginCode`): the first Telegram user to open it is
 *    bound to it, and the bot asks that user, with a warning, to tap the page's number out of three.
 * 3. The tap (`answerLoginCode`): the match from the bound user confirms the code; anything else cancels it.
 * 4. The page, polling (`consumeLoginCode`), exchanges the confirmed code for tokens exactly once, or learns
 *    that it was cancelled or expired.
 *
 * Opening a link is never enough to sign a browser in: someone who sends a victim a link of their own code
 * gets nothing unless the victim, warned, taps the number only the stranger's page shows.
 */

/** The numbers a page can show: two digits, so each is one glance and one tap. */
const MATCH_MIN = 10;
const MATCH_MAX = 99;

/** The choices the bot offers: the match and two other numbers, in random order. */
function matchChoices(): { match: number; choices: number[] } {
  const match = randomInt(MATCH_MIN, MATCH_MAX + 1);
  const choices = [match];
  while (choices.length < 3) {
    const other = randomInt(MATCH_MIN, MATCH_MAX + 1);
    if (!choices.includes(other)) choices.push(other);
  }
  for (let i = choices.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [choices[i], choices[j]] = [choices[j]!, choices[i]!];
  }
  return { match, choices };
}

export interface NewLoginCode {
  code: string;
  expiresAt: Date;
  /** The number the page shows, as text ("47"). */
  match: string;
}

export async function createLoginCode(db: Database, now: Date): Promise<NewLoginCode> {
  const code = randomSecret();
  const expiresAt = new Date(now.getTime() + LOGIN_CODE_TTL_S * 1000);
  const { match, choices } = matchChoices();
  await db.insert(loginCodes).values({ codeHash: hashSecret(code), match, choices, expiresAt, createdAt: now });
  return { code, expiresAt, match: String(match) };
}

/** Neither confirmed, cancelled nor used, and not yet expired. */
const isOpen = (now: Date) =>
  and(
    isNull(loginCodes.confirmedAt),
    isNull(loginCodes.cancelledAt),
    isNull(loginCodes.consumedAt),
    gt(loginCodes.expiresAt, now),
  );

export type OpenedLoginCode =
  | {
      status: 'ask';
      /** Names the code in the bot's buttons (never the code itself). */
      id: number;
      /** The three numbers to offer, in the order to show them. */
      choices: string[];
      createdAt: Date;
      expiresAt: Date;
    }
  | { status: 'expired' };

/**
 * The bot, when a user opens `login_<code>`: binds the code to this Telegram user (the first to open it) and
 * returns what to ask. The same user opening it again gets the same question; anyone else, and any code that
 * is unknown, expired, used, confirmed or cancelled, gets `expired`.
 */
export async function openLoginCode(
  db: Database,
  code: string,
  telegramUser: TelegramUserFields,
  now: Date,
): Promise<OpenedLoginCode> {
  if (!isWellFormed(code)) return { status: 'expired' };
  const codeHash = hashSecret(code);
  const [row] = await db
    .select({ userId: loginCodes.userId })
    .from(loginCodes)
    .where(and(eq(loginCodes.codeHash, codeHash), isOpen(now)))
    .limit(1);
  if (!row || (row.userId !== null && Number(row.userId) !== telegramUser.id)) return { status: 'expired' };

  // The user row first (the code points at it); Telegram owns the names, so they are refreshed too. Not the
  // language: this is a sign-in on the web, so a new account takes the browser's when the page collects it.
  const user = await upsertTelegramUser(db, { ...telegramUser, language_code: undefined });
  const [opened] = await db
    .update(loginCodes)
    .set({ userId: user.id, openedAt: sql`coalesce(${loginCodes.openedAt}, ${now.toISOString()}::timestamptz)` })
    .where(
      and(
        eq(loginCodes.codeHash, codeHash),
        or(isNull(loginCodes.userId), eq(loginCodes.userId, user.id)),
        isOpen(now),
      ),
    )
    .returning({
      id: loginCodes.id,
      choices: loginCodes.choices,
      createdAt: loginCodes.createdAt,
      expiresAt: loginCodes.expiresAt,
    });
  if (!opened) return { status: 'expired' };
  return {
    status: 'ask',
    id: Number(opened.id),
    choices: opened.choices.map(String),
    createdAt: opened.createdAt,
    expiresAt: opened.expiresAt,
  };
}

export type LoginAnswer = 'confirmed' | 'cancelled' | 'expired';

/**
 * A tap on one of the numbers, for the code `codeId` by the Telegram user `telegramUserId`. Only the user the
 * code is bound to can answer it (so buttons, or callback data made up by hand, cannot confirm someone else's
 * code); the match confirms it and any other number cancels it, in one statement. A code that is not open, or
 * not this user's, is `expired` and stays as it is.
 */
export async function answerLoginCode(
  db: Database,
  input: { codeId: number; telegramUserId: number; choice: string; now: Date },
): Promise<LoginAnswer> {
  const choice = /^\d{2}$/.test(input.choice) ? Number(input.choice) : -1;
  const at = sql`${input.now.toISOString()}::timestamptz`;
  const [answered] = await db
    .update(loginCodes)
    .set({
      confirmedAt: sql`CASE WHEN ${loginCodes.match} = ${choice} THEN ${at} END`,
      cancelledAt: sql`CASE WHEN ${loginCodes.match} = ${choice} THEN NULL ELSE ${at} END`,
    })
    .where(
      and(
        eq(loginCodes.id, input.codeId),
        eq(loginCodes.userId, input.telegramUserId),
        isNotNull(loginCodes.openedAt),
        isOpen(input.now),
      ),
    )
    .returning({ confirmedAt: loginCodes.confirmedAt });
  if (!answered) return 'expired';
  return answered.confirmedAt ? 'confirmed' : 'cancelled';
}

export type LoginCodeState =
  { status: 'pending' } | { status: 'confirmed'; userId: number } | { status: 'cancelled' } | { status: 'expired' };

/**
 * The page's poll. A confirmed code is consumed by a conditional UPDATE, so of two pollers only one
 * ever sees `confirmed`; everyone after that sees `expired`. A code cancelled in the bot (a wrong number)
 * reads `cancelled` until it is pruned.
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
    .select({
      confirmedAt: loginCodes.confirmedAt,
      cancelledAt: loginCodes.cancelledAt,
      consumedAt: loginCodes.consumedAt,
      expiresAt: loginCodes.expiresAt,
    })
    .from(loginCodes)
    .where(eq(loginCodes.codeHash, codeHash))
    .limit(1);
  if (row?.cancelledAt) return { status: 'cancelled' };
  const pending = row && !row.confirmedAt && !row.consumedAt && row.expiresAt.getTime() > now.getTime();
  return pending ? { status: 'pending' } : { status: 'expired' };
}

/** The same pattern the deep link carries, so a code that could never reach the bot is refused early. */
function isWellFormed(code: string): boolean {
  return decodeStartParam(`login_${code}`)?.kind === 'login';
}
