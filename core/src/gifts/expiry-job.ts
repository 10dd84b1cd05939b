import { and, eq, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { periodic, type Job } from '../jobs/periodic.js';
import type { Logger } from '../logger.js';
import { gifts } from './tables.js';

/**
 * Pending gifts past their time go back to their senders: the edition never left them, so expiring the
 * gift frees it to be listed, offered on or gifted again. Rows a claim holds locked right now are
 * skipped (the claim finds the gift past its time and refuses); the next pass catches them. Returns how
 * many it expired.
 */
export async function expireGifts(db: DbOrTx, now: Date): Promise<number> {
  const due = db
    .select({ id: gifts.id })
    .from(gifts)
    .where(and(eq(gifts.status, 'pending'), lte(gifts.expiresAt, now)))
    .for('update', { skipLocked: true });
  const expired = await db
    .update(gifts)
    .set({ status: 'expired', closedAt: now })
    .where(and(inArray(gifts.id, due), eq(gifts.status, 'pending')))
    .returning({ id: gifts.id });
  return expired.length;
}

/** `expireGifts` every `every` ms, as a job of the process. */
export function giftExpirer(db: DbOrTx, options: { every: number; now: () => Date; log: Logger }): Job {
  return periodic({
    name: 'gift expiry',
    every: options.every,
    log: options.log,
    run: () => expireGifts(db, options.now()),
  });
}
