import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** A timestamptz as `Date.prototype.toISOString` writes it (milliseconds, UTC), for text Postgres writes; null stays null. */
export function isoTimeSql(timestamp: SQLWrapper): SQL<string | null> {
  return sql<string | null>`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
