import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { REFRESH_TOKEN_TTL_S, type Tokens } from '@stickerdrop/shared';
import type { Database, DbOrTx } from '../db/client.js';
import { refreshTokens } from '../db/schema.js';
import type { AccessTokens } from './access-token.js';
import { hashSecret, randomSecret } from './secrets.js';

/** What issuing tokens needs; `AppDeps` fits. */
export interface TokenDeps {
  db: Database;
  tokens: AccessTokens;
  now: () => Date;
}

/** Signs a user in: a new access token and the first refresh token of a new family. */
export async function issueTokens(deps: TokenDeps, userId: number): Promise<Tokens> {
  const refreshToken = await insertRefreshToken(deps.db, userId, randomUUID(), deps.now());
  return { accessToken: await deps.tokens.sign(userId), refreshToken };
}

export type RefreshResult = { ok: true; userId: number; tokens: Tokens } | { ok: false; reason: 'invalid' | 'reused' };

/**
 * Exchanges a refresh token for a new pair. The old token is marked rotated by a conditional UPDATE, so
 * of two concurrent refreshes with one token exactly one wins; the successor is inserted in the same
 * transaction. Presenting a token that was already rotated means it leaked (or a client raced itself):
 * the whole family is revoked, including the newest token.
 */
export async function rotateRefreshToken(deps: TokenDeps, presented: string): Promise<RefreshResult> {
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
      .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
    if (!row) return null;
    const userId = Number(row.userId);
    return { userId, refreshToken: await insertRefreshToken(tx, userId, row.familyId, now) };
  });
  if (rotated) {
    const accessToken = await deps.tokens.sign(rotated.userId);
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

async function revokeFamily(db: DbOrTx, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

async function insertRefreshToken(db: DbOrTx, userId: number, familyId: string, now: Date): Promise<string> {
  const token = randomSecret();
  await db.insert(refreshTokens).values({
    tokenHash: hashSecret(token),
    familyId,
    userId,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_S * 1000),
  });
  return token;
}
