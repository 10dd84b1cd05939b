import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { editions, orders } from '../db/schema.js';
import { queryRows } from '../db/sql-rows.js';

/**
 * Supply rules shared by reservation and fulfilment. Callers hold the pack row lock (SELECT … FOR UPDATE),
 * so the counts cannot change under them: every write that changes them takes the same lock first.
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
    .where(
      and(
        eq(orders.packId, packId),
        // Resale orders hold a listed edition, not one of the pack's unsold ones.
        eq(orders.kind, 'primary'),
        eq(orders.status, 'reserved'),
        gt(orders.expiresAt, now),
        exceptOrderId ? ne(orders.id, exceptOrderId) : undefined,
      ),
    );
  return Number(row?.count ?? 0);
}

export async function ownsEdition(tx: DbOrTx, userId: number, packId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: editions.id })
    .from(editions)
    .where(and(eq(editions.ownerId, userId), eq(editions.packId, packId)))
    .limit(1);
  return row !== undefined;
}

export interface SupplyState {
  /** The buyer owns an edition of the pack. */
  owned: boolean;
  /** Live reservations of the pack's unsold editions (resale orders hold a listed one), leaving `exceptOrderId` out. */
  live: number;
  /** The buyer's newest live reservation of the pack, if any. */
  liveOrderId: string | null;
}

/**
 * ownsEdition, countLiveReservations and the buyer's own live reservation in one statement: under the pack lock every round trip to the
 * database is time the whole drop queues behind, so both answers travel together.
 */
export async function supplyState(
  tx: DbOrTx,
  input: { userId: number; packId: number; now: Date; exceptOrderId?: string },
): Promise<SupplyState> {
  const { userId, packId, now, exceptOrderId } = input;
  const except = exceptOrderId ? sql`and o.id <> ${exceptOrderId}` : sql``;
  const at = now.toISOString();
  const [row] = await queryRows<{ owned: boolean; live: string; live_order_id: string | null }>(
    tx,
    sql`select exists (select 1 from editions e where e.owner_id = ${userId} and e.pack_id = ${packId}) as owned,
      (select count(*) from orders o where o.pack_id = ${packId} and o.kind = 'primary' and o.status = 'reserved'
        and o.expires_at > ${at}::timestamptz ${except})::text as live,
      (select o.id::text from orders o where o.user_id = ${userId} and o.pack_id = ${packId} and o.kind = 'primary'
        and o.status = 'reserved' and o.expires_at > ${at}::timestamptz order by o.created_at desc limit 1) as live_order_id`,
  );
  return { owned: Boolean(row?.owned), live: Number(row?.live ?? 0), liveOrderId: row?.live_order_id ?? null };
}
