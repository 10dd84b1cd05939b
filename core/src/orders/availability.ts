import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { queryRows } from '../db/sql-rows.js';
import { editionsLeft } from '../sales/rules.js';

/**
 * "Editions left" asked from TypeScript: a primary sale's late payment (under the pack's supply lock) and the
 * Stars pre-checkout (read only). The rule is the database's `editions_left`, which reservations ask too.
 */
export async function editionsLeftOf(tx: DbOrTx, packId: number, now: Date, exceptOrderId?: string): Promise<number> {
  const [row] = await queryRows<{ left: string | number | null }>(
    tx,
    sql`select ${editionsLeft(packId, now, exceptOrderId)} as left`,
  );
  return Number(row?.left ?? 0);
}
