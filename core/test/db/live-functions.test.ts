import { readdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/index.js';
import {
  applyLiveFunctions,
  liveFunctionsFolder,
  migrateEmbedded,
  pgliteExtensions,
  queryRows,
} from '../../src/testing.js';

describe('the live SQL functions: one file each, applied after the migrations', () => {
  let client: PGlite;
  let db: Database;
  beforeAll(async () => {
    client = await PGlite.create({ extensions: pgliteExtensions });
    await migrateEmbedded(client);
    db = drizzle({ client }) as unknown as Database;
  });
  afterAll(() => client.close());

  const stored = () =>
    queryRows<{ version: string; applied_at: string }>(db, sql`select version, applied_at::text from live_sql_version`);

  it('has a file for every function of ours in the database, and a function for every file', async () => {
    // Functions an extension installed (pg_trgm's) depend on it; ours do not.
    const ours = await queryRows<{ name: string }>(
      db,
      sql`select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and not exists (select 1 from pg_depend d
          where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e') order by 1`,
    );
    const files = readdirSync(liveFunctionsFolder)
      .filter((name) => name.endsWith('.sql'))
      .map((name) => name.replace(/\.sql$/, ''))
      .sort();
    expect(ours.map((row) => row.name)).toEqual(files);
  });

  it('applies nothing while the files are unchanged, and puts back a body changed behind its back', async () => {
    const [first] = await stored();
    await applyLiveFunctions(db);
    expect(await stored()).toEqual([first]);

    await db.execute(sql`create or replace function reservation_is_live(status text, expires_at timestamptz, at timestamptz)
      returns boolean language sql immutable as $$ select false $$`);
    await db.execute(sql`update live_sql_version set version = 'an older version'`);
    await applyLiveFunctions(db);

    const [live] = await queryRows<{ live: boolean }>(
      db,
      sql`select reservation_is_live('reserved', now() + interval '1 minute', now()) as live`,
    );
    expect(live!.live).toBe(true);
    expect((await stored())[0]!.version).toBe(first!.version);
  });
});
