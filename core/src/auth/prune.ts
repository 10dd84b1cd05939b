import { inArray, lte } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { loginCodes, refreshTokens, tonProofPayloads } from '../db/schema.js';
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

/**
 * Deletes TON Connect proof payloads past their expiry, used or not: a payload is good once and only until
 * `expires_at` (consumeTonProofPayload checks both), so an expired one is never read again. Each wallet
 * link asks for one, so they would otherwise pile up forever. `more` as for pruneExpiredSignIns.
 */
export async function pruneExpiredTonProofs(
  db: DbOrTx,
  now: Date,
  batch: number = PRUNE_BATCH,
): Promise<{ tonProofPayloads: number; more: boolean }> {
  const payloads = await deleteExpired(
    db,
    { table: tonProofPayloads, key: tonProofPayloads.payloadHash, expiresAt: tonProofPayloads.expiresAt },
    now,
    batch,
  );
  return { tonProofPayloads: payloads, more: payloads === batch };
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

/** `pruneExpiredSignIns` and `pruneExpiredTonProofs` every `every` ms, as a job of the process. */
export function signInPruner(db: DbOrTx, options: { every: number; now: () => Date; log: Logger }): Job {
  return periodic({
    name: 'sign-in prune',
    every: options.every,
    log: options.log,
    run: async () => {
      const now = options.now();
      const signIns = await pruneExpiredSignIns(db, now);
      const proofs = await pruneExpiredTonProofs(db, now);
      return signIns.more || proofs.more ? 'more' : undefined;
    },
  });
}
