import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type Database, migrationsFolder, type OpeningDatabase } from './client.js';
import { lockDataDir } from './lock.js';
import { PgliteThread } from './pglite-thread.js';
import { applyLiveFunctions } from './live-functions.js';
import * as schema from './schema.js';

/**
 * The embedded Postgres in `dataDir` (locked against a second process), or in memory without one, in a
 * thread of its own (pglite-thread.ts): it opens while the server is built, and its queries run beside
 * the event loop instead of on it.
 */
export function beginOpeningPglite(dataDir: string | undefined): OpeningDatabase {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  const client = new PgliteThread(dataDir ? path.join(dataDir, 'pglite') : undefined);
  // drizzle's PGlite driver calls query() and transaction() alone, which the thread answers as PGlite would.
  const drizzled = drizzle(client as unknown as PGlite, { schema });
  const db: Database = drizzled;
  const close = async () => {
    try {
      await client.close();
    } finally {
      unlock();
    }
  };
  // The migrations' files are read here while the thread opens; their queries wait there until it has.
  const opened = Promise.all([client.ready, migrate(drizzled, { migrationsFolder })])
    .then(() => applyLiveFunctions(db))
    .then(
      () => ({ db, kind: 'pglite' as const, close }),
      async (error: unknown) => {
        await close().catch(() => {});
        throw error;
      },
    );
  return { db, opened };
}
