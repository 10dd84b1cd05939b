import { inArray, lte } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
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
  const codes = await deleteExpired(
    db,
    { table: loginCodes, key: loginCodes.codeHash, expiresAt: loginCodes.expiresAt },
    now,
    batch,
  );
  const tokens = await deleteExpired(
    db,
    { table: refreshTokens, key: refreshTokens.tokenHash, expiresAt: refreshTokens.expiresAt },
    now,
    batch,
  );
  return {
    loginCodes: codes,
    refreshTokens: tokens,
    more: codes === batch || tokens === batch,
  };
}

/** Up to `batch` rows of `table` expired by `now`, deleted by key in one statement; how many went. */
async function deleteExpired(
  db: DbOrTx,
  { table, key, expiresAt }: { table: PgTable; key: PgColumn; expiresAt: PgColumn },
  now: Date,
  batch: number,
): Promise<number> {
  const expired = db.select({ key }).from(table).where(lte(expiresAt, now)).limit(batch);
  const deleted = await db.delete(table).where(inArray(key, expired)).returning({ key });
  return deleted.length;
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
