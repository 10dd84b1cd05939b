import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type Database, migrationsFolder } from './client.js';
import { applyLiveFunctions } from './live-functions.js';
import { pgliteExtensions } from './pglite-extensions.mjs';

/** A PGlite opened in this process brought up to the migrations and the live SQL functions, as a start does. */
export async function migrateEmbedded(client: PGlite): Promise<void> {
  const db = drizzle({ client });
  await migrate(db, { migrationsFolder });
  await applyLiveFunctions(db as unknown as Database);
}

/** A freshly migrated, empty PGlite database as a test image (what the API's and core's suites load). */
export async function migratedTestImage(): Promise<Blob> {
  const client = await PGlite.create({ extensions: pgliteExtensions });
  try {
    await migrateEmbedded(client);
    return await dumpTestImage(client);
  } finally {
    await client.close();
  }
}

/**
 * A migrated (or seeded) PGlite database as an image for tests to load, without the two template databases
 * initdb makes: nothing connects to them (the tests that make databases make them on a real Postgres), and
 * they were 16 of the image's 42 MB and 700 of its 1,150 files, which every load writes out again: a load
 * takes a quarter less CPU without them.
 */
export async function dumpTestImage(client: PGlite): Promise<Blob> {
  await client.exec(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
  await client.exec('drop database template0');
  await client.exec('drop database template1');
  await client.exec('checkpoint');
  // 'none': loading an uncompressed tar is faster than gunzipping the same image in every suite.
  return client.dumpDataDir('none');
}
