import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type DatabaseOptions, migrationsFolder, type OpeningDatabase } from './client.js';
import { applyLiveFunctions } from './live-functions.js';
import * as schema from './schema.js';

/**
 * A request waits at most this long for a connection, so an unreachable server answers 5xx, not a hang.
 * node-postgres counts the wait for a free pool slot in it too: a burst larger than the pool can drain
 * in 5 s gets 503s. The drop's writes hold a connection for one batched call each (orders/reserve.ts,
 * orders/fulfil.ts), so a burst drains in milliseconds per batch rather than queueing on the pack's locks.
 */
const CONNECT_TIMEOUT_MS = 5_000;
/** Without a setting: a few connections per core serve a small Postgres best; more only queue inside it. */
const DEFAULT_POOL_SIZE = 10;

/** A pool on the Postgres server at `url`, its database brought up to the migrations. */
export function beginOpeningPostgres(url: string, options: DatabaseOptions): OpeningDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  survivePostgresRestarts(pool, options.onConnectionError ?? logConnectionError);
  const db = drizzle(pool, { schema });
  const close = () => pool.end();
  const opened = migrate(db, { migrationsFolder })
    .then(() => applyLiveFunctions(db))
    .then(
      () => ({ db, kind: 'postgres' as const, close }),
      async (error: unknown) => {
        await close();
        throw error;
      },
    );
  return { db, opened };
}

/**
 * A restart or failover ends every server connection, and node-postgres reports that as an 'error' event:
 * on the pool for idle clients, and on the client itself while it is checked out (a transaction). An
 * 'error' event without a listener kills the process, so both get one. The broken client is dropped by
 * the pool (it is no longer queryable), its query rejects (the request answers 5xx), and the next query
 * opens a fresh connection: service resumes as soon as Postgres accepts connections again.
 */
function survivePostgresRestarts(pool: pg.Pool, report: (error: Error) => void): void {
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
}

function logConnectionError(error: Error): void {
  console.error(`database connection lost (the pool reconnects): ${error.message}`);
}
