/**
 * Migrated databases made once per test run, so no suite pays for initdb and migrations again:
 * - PGlite: a dump of a migrated data dir in a file; each suite loads it (initdb alone takes seconds in
 *   WASM, loading an image a fraction of that);
 * - Postgres (when TEST_DATABASE_URL is set): a migrated template database; each test's database is
 *   `CREATE DATABASE … TEMPLATE` of it, a file copy on the server instead of replaying every migration.
 * vitest's global setup makes both and hands their names to the workers with `provide`.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '@stickerdrop/core';
import { liveFunctionsFolder, migratedTestImage, migrationsFolder } from '@stickerdrop/core/testing';

const require = createRequire(import.meta.url);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface TestDatabaseImages {
  /** A file holding a migrated PGlite data dir (uncompressed tar). */
  pgliteImage: string;
  /** A migrated database on the TEST_DATABASE_URL server, or '' without one. */
  postgresTemplate: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseImages: TestDatabaseImages;
  }
}

/** Copies `url` with its database name replaced. */
export function databaseUrl(url: string, name: string): string {
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return copy.toString();
}

/** Waits until the server has let every session of `name` go (pool.end() resolves before its sockets close). */
export async function waitForSessionsToEnd(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const open = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (open.rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Makes both images; the returned function removes them. */
export async function createTestDatabaseImages(
  postgresUrl: string | undefined,
): Promise<{ images: TestDatabaseImages; remove(): Promise<void> }> {
  // One after the other: making the PGlite image runs WASM on this thread for seconds at a time, and a
  // Postgres connection opened beside it misses its connect timeout while the event loop is blocked.
  const postgresTemplate = postgresUrl ? await migratedTemplate(postgresUrl) : '';
  const pgliteImage = await cachedPgliteImage();
  return {
    images: { pgliteImage, postgresTemplate },
    async remove() {
      if (postgresUrl && postgresTemplate) await dropDatabase(postgresUrl, postgresTemplate);
    },
  };
}

/**
 * The PGlite image for the current migrations, live SQL functions and PGlite build, kept in node_modules/.cache between runs
 * (its name is a hash of both, so a new migration or PGlite version makes a new one): a fresh clone pays
 * for initdb once, and running a single test file again does not pay at all.
 */
async function cachedPgliteImage(): Promise<string> {
  // The version names how the image is made (2: without the template databases).
  const hash = createHash('sha256').update('image v2');
  hash.update(fs.readFileSync(path.join(path.dirname(require.resolve('@electric-sql/pglite')), '../package.json')));
  // The live SQL functions are part of the image as much as the migrations: a changed body makes a new one.
  for (const folder of [migrationsFolder, liveFunctionsFolder]) {
    for (const name of fs.readdirSync(folder, { recursive: true }).map(String).sort()) {
      const file = path.join(folder, name);
      if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
    }
  }
  const dir = path.join(repoRoot, 'node_modules', '.cache', 'stickerdrop-test');
  const image = path.join(dir, `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (fs.existsSync(image)) return image;
  const dump = await migratedTestImage();
  fs.mkdirSync(dir, { recursive: true });
  // Written aside and renamed, so a run stopped halfway never leaves a torn image behind.
  const partial = `${image}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, image);
  return image;
}

async function migratedTemplate(serverUrl: string): Promise<string> {
  const name = `sd_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const handle = await openDatabase({ url: databaseUrl(serverUrl, name), poolSize: 1 });
    await handle.close();
    // CREATE DATABASE … TEMPLATE refuses while anyone is connected to the template.
    await waitForSessionsToEnd(admin, name);
    return name;
  } finally {
    await admin.end();
  }
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
