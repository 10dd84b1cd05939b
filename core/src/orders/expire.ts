import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { orders } from '../db/schema.js';
import { periodic, type Job } from '../jobs/periodic.js';
import type { Logger } from '../logger.js';
import { lapsedReservation } from '../sales/rules.js';

/**
 * Marks lapsed reservations as expired. Bookkeeping only: availability already ignores them by time.
 * Rows a fulfilment holds locked right now are skipped (it settles them itself); the next sweep
 * catches anything left. Returns how many orders it marked.
 */
export async function expireReservations(db: DbOrTx, now: Date): Promise<number> {
  const lapsed = db
    .select({ id: orders.id })
    .from(orders)
    .where(lapsedReservation(now))
    .for('update', { skipLocked: true });
  const marked = await db
    .update(orders)
    .set({ status: 'expired' })
    .where(and(inArray(orders.id, lapsed), eq(orders.status, 'reserved')))
    .returning({ id: orders.id });
  return marked.length;
}

/** `expireReservations` every `every` ms, as a job of the process. */
export function reservationSweeper(db: DbOrTx, options: { every: number; now: () => Date; log: Logger }): Job {
  return periodic({
    name: 'reservation sweep',
    every: options.every,
    log: options.log,
    run: () => expireReservations(db, options.now()),
  });
}
