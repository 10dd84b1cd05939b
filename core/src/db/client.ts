import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.js';

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
 * Each driver is loaded when it is the one asked for: a start on PGlite does not load node-postgres, and
 * one on Postgres does not load PGlite's wasm Postgres (issue 22.6).
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return (await import('./postgres.js')).openPostgres(options.url, options);
  return (await import('./pglite.js')).openPglite(options.dataDir);
}
