import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

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

/** `onePerHandle` as a function of the handle that keeps its own cache: `userOrders(db).execute(…)`. */
export function perHandle<T extends object>(prepare: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const cache = new WeakMap<DbOrTx, T>();
  return (db) => onePerHandle(cache, db, prepare);
}

/**
 * `onePerHandle` for a family of statements told apart by `key` (a listing's shape, a page size): each is
 * prepared on its first use with that key.
 */
function onePerHandleAndKey<K, T>(
  cache: WeakMap<DbOrTx, Map<K, T>>,
  db: DbOrTx,
  key: K,
  prepare: (db: DbOrTx) => T,
): T {
  const statements = onePerHandle(cache, db, () => new Map<K, T>());
  let statement = statements.get(key);
  if (!statement) statements.set(key, (statement = prepare(db)));
  return statement;
}

/** `onePerHandleAndKey` as a function that keeps its own cache: `listStatements(db, name, prepare)`. */
export function keyedPerHandle<K, T>(): (db: DbOrTx, key: K, prepare: (db: DbOrTx) => T) => T {
  const cache = new WeakMap<DbOrTx, Map<K, T>>();
  return (db, key, prepare) => onePerHandleAndKey(cache, db, key, prepare);
}

/**
 * A LIMIT written into a prepared statement's text. drizzle sends `.limit(n)` as a parameter, and with an
 * unknown LIMIT Postgres costs the generic plan as if a tenth of the table came back, so it never adopts
 * it and plans the statement again on every execution (pg_prepared_statements: custom_plans only); that
 * planning was most of the database's time for a listing. drizzle inlines an SQL object here as written.
 */
export function literalLimit(rows: number): number {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`Not a row count: ${rows}`);
  return sql.raw(String(rows)) as never;
}
