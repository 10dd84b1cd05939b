import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type DatabaseHandle, migrationsFolder } from './client.js';
import { lockDataDir } from './lock.js';
import * as schema from './schema.js';

/** The embedded Postgres in `dataDir` (locked against a second process), or in memory without one. */
export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    const client = await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined);
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
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
