/**
 * A TON drop's buyers are done once their transfers landed; the drop is done once the watcher settled them.
 * Waits for that, then reads when each order was paid (`paid_at`, the watcher's clock as it began the
 * settling transaction) against when its transfer landed: the buyer's wait from sending to a paid order.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '@stickerdrop/core';
import type { BuyersResult } from './drop-buyers.js';

/** Longer than the watcher's pause between polls, with room for a slow settlement of the whole drop. */
const SETTLED_WITHIN_MS = 180_000;

export async function waitForTonSettlement(db: Database, packId: number, result: BuyersResult): Promise<void> {
  const expected = Object.keys(result.landedAt).length;
  const deadline = Date.now() + SETTLED_WITHIN_MS;
  for (;;) {
    const rows = (await db.execute(
      sql`select count(*)::int as n from orders where pack_id = ${packId} and status <> 'reserved'`,
    )) as unknown as { rows: { n: number }[] };
    if (rows.rows[0]!.n >= expected || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const paid = (await db.execute(sql`
    select id, (extract(epoch from paid_at) * 1000)::float8 as paid_ms from orders
    where pack_id = ${packId} and status = 'paid'`)) as unknown as { rows: { id: string; paid_ms: number }[] };
  result.payMs = [];
  result.payStatuses = {
    sent: expected,
    ...(paid.rows.length < expected && { unsettled: expected - paid.rows.length }),
  };
  for (const row of paid.rows) {
    const landed = result.landedAt[row.id];
    if (landed !== undefined) result.payMs.push(Math.max(0, row.paid_ms - landed));
    result.lastPaidAt = Math.max(result.lastPaidAt, row.paid_ms);
  }
}
