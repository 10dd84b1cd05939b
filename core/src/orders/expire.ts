import { and, eq, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { orders } from '../db/schema.js';

/**
 * Marks lapsed reservations as expired. Bookkeeping only: availability already ignores them by time.
 * Rows a fulfilment holds locked right now are skipped (it settles them itself); the next sweep
 * catches anything left. Returns how many orders it marked.
 */
export async function expireReservations(db: DbOrTx, now: Date): Promise<number> {
  const lapsed = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'reserved'), lte(orders.expiresAt, now)))
    .for('update', { skipLocked: true });
  const marked = await db
    .update(orders)
    .set({ status: 'expired' })
    .where(and(inArray(orders.id, lapsed), eq(orders.status, 'reserved')))
    .returning({ id: orders.id });
  return marked.length;
}

export interface ReservationSweeperOptions {
  intervalMs: number;
  now: () => Date;
  onError?: (error: unknown) => void;
}

/** Runs `expireReservations` every `intervalMs`, never two at once. The returned stop waits for a running sweep. */
export function startReservationSweeper(db: DbOrTx, options: ReservationSweeperOptions): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = expireReservations(db, options.now())
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = null;
      });
  }, options.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
