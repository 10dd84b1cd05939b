import { sql } from 'drizzle-orm';
import { availableSum } from '../balance/read.js';
import type { Database } from '../db/client.js';
import { DomainError } from '../errors.js';
import { periodic, type Job } from '../jobs/periodic.js';
import type { Logger } from '../logger.js';
import { queryRows } from '../db/sql-rows.js';
import { withdrawBalance } from './withdraw.js';

/** Creators whose available balance reached `minNano` and who have a wallet to be paid to. */
export async function creatorsDueAPayout(db: Database, now: Date, minNano: bigint): Promise<number[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await queryRows<{ creator_id: string | number }>(
    db,
    sql`select e.creator_id
    from balance_entries e
      left join payouts p on p.id = e.payout_id
      join users u on u.id = e.creator_id and u.wallet_address is not null
    group by e.creator_id
    having ${availableSum(at)} >= ${minNano}
    order by e.creator_id`,
  );
  return rows.map((row) => Number(row.creator_id));
}

/**
 * PAYOUT_AUTO: each creator at the threshold withdraws, as their own Withdraw would (the same lock, the same
 * ledger entry), so a creator's tap and this job never pay the same money twice. Returns the payouts written.
 */
export async function payCreatorsDue(
  db: Database,
  input: { now: Date; minNano: bigint; log: Logger },
): Promise<number> {
  let written = 0;
  for (const creatorId of await creatorsDueAPayout(db, input.now, input.minNano)) {
    try {
      const { created } = await withdrawBalance(db, { creatorId, now: input.now, minNano: input.minNano });
      if (created) written++;
    } catch (error) {
      // The balance moved between the sum and the lock (a refund, their own tap): nothing to pay now.
      if (!(error instanceof DomainError)) throw error;
      input.log.info({ creatorId, reason: error.code }, 'automatic payout skipped');
    }
  }
  return written;
}

/** How often the automatic payouts look for creators at the threshold. */
export const AUTO_PAYOUT_EVERY_MS = 10 * 60_000;

export function createAutoPayoutJob(deps: {
  db: Database;
  minNano: bigint;
  now: () => Date;
  log: Logger;
  every?: number;
}): Job {
  return periodic({
    name: 'automatic payouts',
    every: deps.every ?? AUTO_PAYOUT_EVERY_MS,
    log: deps.log,
    backoff: { maxMs: 60 * 60_000 },
    async run() {
      const written = await payCreatorsDue(deps.db, { now: deps.now(), minNano: deps.minNano, log: deps.log });
      if (written > 0) deps.log.info({ written }, 'automatic payouts written');
    },
  });
}
