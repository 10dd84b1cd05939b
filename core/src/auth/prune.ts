import { inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { loginCodes, refreshTokens } from '../db/schema.js';
import { periodic, type Job } from '../jobs/periodic.js';
import type { Logger } from '../logger.js';

/** Rows deleted per statement, so one pass never holds a long lock or a large transaction. */
const PRUNE_BATCH = 1_000;

/**
 * Deletes sign-in codes and refresh tokens past their expiry: neither can be used any more (every read of
 * them checks `expires_at`), and nothing else reads them. A session's live token is never expired, so the
 * sessions list loses nothing; an expired rotated token is no longer told apart from an unknown one, and both
 * are refused. Returns how many rows went; `more` when a batch was full, so the job runs again at once.
 */
export async function pruneExpiredSignIns(
  db: DbOrTx,
  now: Date,
  batch: number = PRUNE_BATCH,
): Promise<{ loginCodes: number; refreshTokens: number; more: boolean }> {
  const codes = await db
    .delete(loginCodes)
    .where(
      inArray(
        loginCodes.codeHash,
        db
          .select({ codeHash: loginCodes.codeHash })
          .from(loginCodes)
          .where(lte(loginCodes.expiresAt, now))
          .limit(batch),
      ),
    )
    .returning({ codeHash: loginCodes.codeHash });
  const tokens = await db
    .delete(refreshTokens)
    .where(
      inArray(
        refreshTokens.tokenHash,
        db
          .select({ tokenHash: refreshTokens.tokenHash })
          .from(refreshTokens)
          .where(lte(refreshTokens.expiresAt, now))
          .limit(batch),
      ),
    )
    .returning({ tokenHash: refreshTokens.tokenHash });
  return {
    loginCodes: codes.length,
    refreshTokens: tokens.length,
    more: codes.length === batch || tokens.length === batch,
  };
}

/** `pruneExpiredSignIns` every `every` ms, as a job of the process. */
export function signInPruner(db: DbOrTx, options: { every: number; now: () => Date; log: Logger }): Job {
  return periodic({
    name: 'sign-in prune',
    every: options.every,
    log: options.log,
    run: async () => ((await pruneExpiredSignIns(db, options.now())).more ? 'more' : undefined),
  });
}
