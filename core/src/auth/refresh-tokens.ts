import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { REFRESH_TOKEN_TTL_S, type Tokens } from '@stickerdrop/shared';
import type { Database, DbOrTx } from '../db/client.js';
import { refreshTokens, type SignInVia } from '../db/schema.js';
import type { AccessTokens } from './access-token.js';
import { hashSecret, randomSecret } from './secrets.js';

export type { SignInVia } from '../db/schema.js';

/** What issuing tokens needs; `AppDeps` fits. */
export interface TokenDeps {
  db: Database;
  tokens: AccessTokens;
  now: () => Date;
}

/**
 * Signs a user in: a new access token and the first refresh token of a new family, which is the session the
 * user sees in their list (`via` says how it signed in).
 */
export async function issueTokens(deps: TokenDeps, userId: number, via: SignInVia): Promise<Tokens> {
  const now = deps.now();
  const familyId = randomUUID();
  const refreshToken = await insertRefreshToken(deps.db, { userId, familyId, signedInAt: now, via }, now);
  return { accessToken: await deps.tokens.sign(userId, familyId), refreshToken };
}

export type RefreshResult =
  { ok: true; userId: number; tokens: Tokens } | { ok: false; reason: 'invalid' | 'reused' | 'refused' };

/**
 * Exchanges a refresh token for a new pair. The old token is marked rotated by a conditional UPDATE, so
 * of two concurrent refreshes with one token exactly one wins; the successor is inserted in the same
 * transaction. Presenting a token that was already rotated means it leaked (or a client raced itself):
 * the whole family is revoked, including the newest token. A user `refuseUser` turns away (demo accounts
 * once demo mode is off) gets no successor: their family is revoked and the answer is `refused`.
 */
export async function rotateRefreshToken(
  deps: TokenDeps,
  presented: string,
  options: { refuseUser?: (userId: number) => boolean } = {},
): Promise<RefreshResult> {
  const tokenHash = hashSecret(presented);
  const now = deps.now();
  const rotated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.rotatedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .returning({
        userId: refreshTokens.userId,
        familyId: refreshTokens.familyId,
        signedInAt: refreshTokens.signedInAt,
        via: refreshTokens.via,
      });
    if (!row) return null;
    const userId = Number(row.userId);
    if (options.refuseUser?.(userId)) {
      await revokeFamily(tx, row.familyId, now);
      return 'refused' as const;
    }
    const family = { userId, familyId: row.familyId, signedInAt: row.signedInAt, via: row.via };
    return { userId, familyId: row.familyId, refreshToken: await insertRefreshToken(tx, family, now) };
  });
  if (rotated === 'refused') return { ok: false, reason: 'refused' };
  if (rotated) {
    const accessToken = await deps.tokens.sign(rotated.userId, rotated.familyId);
    return { ok: true, userId: rotated.userId, tokens: { accessToken, refreshToken: rotated.refreshToken } };
  }

  const [existing] = await deps.db
    .select({ familyId: refreshTokens.familyId, rotatedAt: refreshTokens.rotatedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  if (existing?.rotatedAt) {
    await revokeFamily(deps.db, existing.familyId, now);
    return { ok: false, reason: 'reused' };
  }
  return { ok: false, reason: 'invalid' };
}

/** Logout: revokes the token's family. Unknown tokens are ignored (logout is idempotent). */
export async function revokeRefreshToken(deps: Pick<TokenDeps, 'db' | 'now'>, presented: string): Promise<void> {
  const [existing] = await deps.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashSecret(presented)))
    .limit(1);
  if (existing) await revokeFamily(deps.db, existing.familyId, deps.now());
}

/** One signed-in session: a refresh-token family whose newest token can still be refreshed. */
export interface Session {
  /** The family id: what signs it out. */
  id: string;
  via: SignInVia | null;
  signedInAt: Date;
  /** When it last refreshed (or signed in): its newest token's issue. */
  lastUsedAt: Date;
  /** When it ends unless it is used again. */
  expiresAt: Date;
}

/** A user's live sessions, the most recently used first. */
export async function listSessions(db: DbOrTx, userId: number, now: Date): Promise<Session[]> {
  const rows = await db
    .select({
      id: refreshTokens.familyId,
      via: refreshTokens.via,
      signedInAt: refreshTokens.signedInAt,
      lastUsedAt: refreshTokens.createdAt,
      expiresAt: refreshTokens.expiresAt,
    })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), isLive(now)))
    .orderBy(desc(refreshTokens.createdAt), refreshTokens.familyId);
  return rows;
}

/**
 * Signs one of the user's sessions out: its whole family is revoked, so its refresh fails (its access token
 * lapses within ACCESS_TOKEN_TTL_S). False when the user has no live session of that id.
 */
export async function revokeSession(db: DbOrTx, userId: number, sessionId: string, now: Date): Promise<boolean> {
  if (!UUID.test(sessionId)) return false;
  const [live] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, sessionId), eq(refreshTokens.userId, userId), isLive(now)))
    .limit(1);
  if (!live) return false;
  await revokeFamily(db, sessionId, now);
  return true;
}

/** The newest token of a family that can still be refreshed. */
const isLive = (now: Date) =>
  and(isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function revokeFamily(db: DbOrTx, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

interface Family {
  userId: number;
  familyId: string;
  signedInAt: Date;
  via: SignInVia | null;
}

async function insertRefreshToken(db: DbOrTx, family: Family, now: Date): Promise<string> {
  const token = randomSecret();
  await db.insert(refreshTokens).values({
    tokenHash: hashSecret(token),
    ...family,
    createdAt: now,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_S * 1000),
  });
  return token;
}
