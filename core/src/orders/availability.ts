import { and, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { orders } from '../db/schema.js';
import { liveReservationOfPack } from '../sales/rules.js';

/**
 * Supply reads for the Stars rail's pre-checkout answer. Reservation and fulfilment apply the same rules
 * under the pack's supply lock in the database functions (migration 0014).
 */

/** Unpaid reservations of a pack that still hold an edition at `now`, optionally leaving one order out. */
export async function countLiveReservations(
  tx: DbOrTx,
  packId: number,
  now: Date,
  exceptOrderId?: string,
): Promise<number> {
  const [row] = await tx
    .select({ count: sql<string>`count(*)::text` })
    .from(orders)
    .where(and(liveReservationOfPack(packId, now), exceptOrderId ? ne(orders.id, exceptOrderId) : undefined));
  return Number(row?.count ?? 0);
}
