import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';
import { lockDataDir } from './lock.js';

export type Schema = typeof schema;
/** Either driver: PGlite in-process or a Postgres server; features never care which. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** The drizzle migrations every database is brought up to. */
export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface DatabaseOptions {
  /** A postgres:// URL; absent means embedded PGlite. */
  url?: string | undefined;
  /** PGlite data directory; absent means in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  /** Told about each lost server connection (a Postgres restart, a terminated backend); default stderr. */
  onConnectionError?: (error: Error) => void;
}

/**
 * A request waits at most this long for a connection, so an unreachable server answers 5xx, not a hang.
 * node-postgres counts the wait for a free pool slot in it too: a burst larger than the pool can drain
 * in 5 s gets 503s. The drop's writes hold a connection for one batched call each (orders/reserve.ts,
 * orders/fulfil.ts), so a burst drains in milliseconds per batch rather than queueing on the pack's locks.
 */
const CONNECT_TIMEOUT_MS = 5_000;
/** Without a setting: a few connections per core serve a small Postgres best; more only queue inside it. */
const DEFAULT_POOL_SIZE = 10;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    survivePostgresRestarts(pool, options.onConnectionError ?? logConnectionError);
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    const client = await PGlite.create(options.dataDir ? path.join(options.dataDir, 'pglite') : undefined);
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
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
