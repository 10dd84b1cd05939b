/**
 * A TON drop's buyers are done once their transfers landed; the drop is done once the watcher settled them.
 * A buyer's wait is from sending to seeing their order paid, so the bench watches the pack's orders from
 * the drop's start (a read every 20 ms, as an app polling its order would see them) and keeps when each was
 * first seen paid: after its settlement committed, not when the watcher began it (the order's `paid_at`).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '@stickerdrop/core';
import type { BuyersResult } from './drop-buyers.js';

/** Longer than the watcher's pause between polls, with room for a slow settlement of the whole drop. */
const SETTLED_WITHIN_MS = 180_000;
const READ_EVERY_MS = 20;

export interface PaidWatch {
  /** Waits until every landed transfer's order was settled (or the time is up), then fills the result. */
  settled(result: BuyersResult): Promise<void>;
}

/** Starts watching the pack's orders; call before the buyers start. */
export function watchPaidOrders(db: Database, packId: number): PaidWatch {
  const seenPaid = new Map<string, number>();
  let ended = 0;
  const read = async () => {
    const rows = (await db.execute(
      sql`select id, status = 'paid' as paid from orders where pack_id = ${packId} and status <> 'reserved'`,
    )) as unknown as { rows: { id: string; paid: boolean }[] };
    const now = Date.now();
    ended = rows.rows.length;
    for (const row of rows.rows) if (row.paid && !seenPaid.has(row.id)) seenPaid.set(row.id, now);
  };
  let stopped = false;
  const reading = (async () => {
    while (!stopped) {
      await read();
      await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS));
    }
  })();
  return {
    async settled(result) {
      const expected = Object.keys(result.landedAt).length;
      const deadline = Date.now() + SETTLED_WITHIN_MS;
      while (ended < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      stopped = true;
      await reading;
      fill(result, seenPaid, expected);
    },
  };
}

function fill(result: BuyersResult, seenPaid: Map<string, number>, expected: number): void {
  result.payMs = [];
  result.payStatuses = { sent: expected, ...(seenPaid.size < expected && { unsettled: expected - seenPaid.size }) };
  for (const [orderId, seenAt] of seenPaid) {
    const landed = result.landedAt[orderId];
    if (landed !== undefined) result.payMs.push(Math.max(0, seenAt - landed));
    result.lastPaidAt = Math.max(result.lastPaidAt, seenAt);
  }
}
