/**
 * Databases for core's own tests, with nothing but core: a migrated PGlite (made once per worker from a
 * dumped image, emptied and reused between tests), and a brand-new migrated Postgres database on
 * TEST_DATABASE_URL's server when it is set, dropped on close.
 */
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterEach, beforeEach, describe } from 'vitest';
import { type Database, openDatabase } from '../../src/index.js';
import { emptyAllTables, migratedTestImage, pgliteExtensions, tables } from '../../src/testing.js';

export type DatabaseKind = 'pglite' | 'postgres';
export interface TestDatabase {
  db: Database;
  close(): Promise<void>;
}

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** Runs a suite on PGlite, and on Postgres when TEST_DATABASE_URL is set (shown as skipped otherwise). */
export function describeEachDatabase(name: string, body: (kind: DatabaseKind) => void): void {
  describe(`${name} [pglite]`, () => body('pglite'));
  const onPostgres = TEST_DATABASE_URL ? describe : describe.skip;
  onPostgres(`${name} [postgres]`, () => body('postgres'));
}

/**
 * `describeEachDatabase` with a fresh database for each test: `body` gets the database of the test that
 * runs, as a function to call inside it.
 */
export function describeWithFreshDatabase(name: string, body: (db: () => Database) => void): void {
  describeEachDatabase(name, (kind) => {
    let handle: TestDatabase | undefined;
    beforeEach(async () => {
      handle = await freshDatabase(kind);
    });
    afterEach(() => handle?.close());
    body(() => handle!.db);
  });
}

export function freshDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  return kind === 'postgres' ? freshPostgres(TEST_DATABASE_URL!) : leasePglite();
}

let image: Promise<Blob> | undefined;
const idle: PGlite[] = [];

function migratedImage(): Promise<Blob> {
  image ??= migratedTestImage();
  return image;
}

async function leasePglite(): Promise<TestDatabase> {
  const client =
    idle.pop() ?? (await PGlite.create({ loadDataDir: await migratedImage(), extensions: pgliteExtensions }));
  return {
    db: drizzle({ client, schema: tables }),
    async close() {
      await emptyAllTables(client);
      idle.push(client);
    },
  };
}

async function freshPostgres(serverUrl: string): Promise<TestDatabase> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const name = `sd_core_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 5 });
  return {
    db: handle.db,
    async close() {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
