import type { DbOrTx } from '../db/client.js';

/**
 * The statements `prepare` makes for `db`, made on first use and kept as long as the handle lives (a
 * WeakMap keyed by the handle). Hot reads are prepared statements: a request binds values instead of
 * building its query again (drizzle's query building was the API's largest own cost under load), and
 * Postgres parses and plans each one once per connection.
 */
export function onePerHandle<T extends object>(cache: WeakMap<DbOrTx, T>, db: DbOrTx, prepare: (db: DbOrTx) => T): T {
  let statements = cache.get(db);
  if (!statements) cache.set(db, (statements = prepare(db)));
  return statements;
}
