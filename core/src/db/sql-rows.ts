import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/**
 * Rows of a raw statement. Both drivers answer `{ rows }`; column types differ (Postgres sends bigint and
 * count(*) as strings, PGlite as numbers), so callers cast such columns to text and convert themselves.
 */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

/**
 * The rows of a statement over `unnest(…) with ordinality as r(…, n)`, one read for many asked items, back
 * in the order the items were asked (`n` counts from 1) and without `n`; undefined where an item has no row.
 */
export function inAskedOrder<R extends { n: number }>(rows: readonly R[], asked: number): (Omit<R, 'n'> | undefined)[] {
  const byPosition = new Map(rows.map(({ n, ...row }) => [n, row]));
  return Array.from({ length: asked }, (_, i) => byPosition.get(i + 1));
}

/**
 * One array parameter per column of `rows`, for a statement over `unnest(…)`: `column((row) => row.id)` is
 * every row's id, in the rows' order. However many rows, the statement has one parameter per column.
 */
export function columnsOf<R>(rows: readonly R[]) {
  return <T>(of: (row: R) => T) => sql.param(rows.map(of));
}
