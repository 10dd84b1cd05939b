import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import { editions } from '../db/schema.js';
import { queryRows } from '../packs/sql-rows.js';

/**
 * Serials run 1…maxSupply, unique per pack. They are handed out in the order payments settle, except that
 * a serial freed by a revoked edition (a Stars payment Telegram refunded) is handed out again first: the
 * next sale takes the lowest free serial. Editions are only ever added or removed under the pack's row
 * lock, so while no serial is free the highest one equals the number sold, and finding a gap costs a scan
 * only when there is one.
 */

/** For the `returning` of the sale's sold_count update: the pack's highest serial before this sale. */
// Written out: drizzle leaves columns unqualified in an UPDATE's RETURNING, where "id" would be the edition's.
export const highestSerialSql = sql<number | null>`(select max(e.serial) from editions e where e.pack_id = packs.id)`;

/** The serial of the sale that raised sold_count from `soldBefore`, under the pack's row lock. */
export async function nextSerial(
  tx: Transaction,
  packId: number,
  soldBefore: number,
  highestSerial: number | null,
): Promise<number> {
  if (highestSerial === null || Number(highestSerial) <= soldBefore) return soldBefore + 1;
  const [gap] = await queryRows<{ serial: number }>(
    tx,
    sql`select s as serial from generate_series(1, ${Number(highestSerial)}) s
      where not exists (select 1 from ${editions} e where e.pack_id = ${packId} and e.serial = s)
      order by s limit 1`,
  );
  if (!gap) throw new Error(`Pack ${packId} has ${soldBefore} editions sold but no free serial below ${highestSerial}`);
  return Number(gap.serial);
}
