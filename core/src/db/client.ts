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

/** Where a configuration keeps its database: the server and the bot open it alike. */
export function databaseOptionsOf(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  databasePoolSize?: number;
}): DatabaseOptions {
  return { url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db'), poolSize: config.databasePoolSize };
}

/** A database being opened: `db` can be handed to what is built meanwhile, and queried once `opened` settles. */
export interface OpeningDatabase {
  db: Database;
  /** Open and migrated; rejects (and leaves nothing open) when it cannot be. */
  opened: Promise<DatabaseHandle>;
}

/**
 * Each driver is loaded when it is the one asked for: a start on PGlite does not load node-postgres, and
 * one on Postgres does not load PGlite's wasm Postgres.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return (await beginOpeningDatabase(options)).opened;
}

/**
 * Starts opening the database and returns at once with its drizzle instance, so the server registers its
 * routes while PGlite opens its data dir in its own thread (or Postgres answers the migrations' check).
 * Nothing may query `db` before `opened` has settled.
 */
export async function beginOpeningDatabase(options: DatabaseOptions): Promise<OpeningDatabase> {
  const opening = options.url
    ? (await import('./postgres.js')).beginOpeningPostgres(options.url, options)
    : (await import('./pglite.js')).beginOpeningPglite(options.dataDir);
  // Awaited later by the caller; until then a failure must not count as an unhandled rejection.
  opening.opened.catch(() => {});
  return opening;
}
