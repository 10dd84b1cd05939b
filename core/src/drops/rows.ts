import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';

/**
 * Rows of a raw statement (as packs/sql-rows.ts, kept here so drops, which orders and resale call,
 * depends on no other feature). Cast bigint and count(*) columns to text: the drivers differ on them.
 */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
