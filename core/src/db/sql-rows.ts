import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/**
 * Rows of a raw statement. Both drivers answer `{ rows }`; column types differ (Postgres sends bigint and
 * count(*) as strings, PGlite as numbers), so callers cast such columns to text and convert themselves.
 */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
