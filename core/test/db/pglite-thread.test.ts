import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/index.js';
import { tables } from '../../src/testing.js';
import * as onMainThread from '../../src/db/pglite-on-main-thread.js';
import { PgliteThread } from '../../src/db/pglite-thread.js';

const REPO = path.resolve(import.meta.dirname, '../../..');
const keepText = (text: string) => text;
const AS_DRIZZLE_ASKS = { parsers: { [types.TIMESTAMPTZ]: keepText, [types.DATE]: keepText } };

/** One statement of every kind of value the app reads, with parameters of every kind it sends. */
const VALUES_SQL = `select $1::int as n, $2::bigint as big, $3::numeric as price, $4::text[] as tags,
  $5::jsonb as doc, $6::bytea as bytes, null::text as nothing, true as yes,
  timestamptz '2026-03-01 12:00:00+00' as at, date '2026-03-01' as day, json_agg(x) as agg
  from generate_series(1, 3) x`;
const VALUES_PARAMS = [7, '9007199254740993', '1.50', ['a', 'b'], { k: [1, 'x'] }, new Uint8Array([0, 255])];

describe('PGlite in its own thread', () => {
  let thread: PgliteThread;
  let local: PGlite;
  beforeAll(async () => {
    thread = new PgliteThread(undefined);
    local = await PGlite.create();
    await thread.ready;
  });
  afterAll(async () => {
    await thread.close();
    await local.close();
  });

  it('answers a query as PGlite in-process does: rows, fields and values of each type', async () => {
    for (const options of [{}, { rowMode: 'array' as const }, AS_DRIZZLE_ASKS]) {
      const [there, here] = await Promise.all([
        thread.query(VALUES_SQL, VALUES_PARAMS, options),
        local.query(VALUES_SQL, VALUES_PARAMS, options),
      ]);
      expect(there).toEqual(here);
    }
    const { rows } = await thread.query<{ at: unknown }>(VALUES_SQL, VALUES_PARAMS, AS_DRIZZLE_ASKS);
    expect(rows[0]!.at).toBe('2026-03-01 12:00:00+00');
  });

  it('refuses a parser that would change the text: functions cannot cross, and it would be silently skipped', async () => {
    const parsers = { [types.INT4]: (text: string) => Number(text) * 2 };
    expect(() => thread.query('select 1', [], { parsers })).toThrow(/only text-keeping parsers/);
  });

  it("keeps Postgres' fields on an error (code, constraint, detail), as callers read them", async () => {
    await thread.query('create table uniq (id int primary key)');
    await local.query('create table uniq (id int primary key)');
    const failure = async (client: Pick<PGlite, 'query'>) => {
      await client.query('insert into uniq values (1)');
      return client.query('insert into uniq values (1)').then(
        () => expect.fail('the second insert must fail'),
        (error: Record<string, unknown>) => error,
      );
    };
    const [there, here] = [await failure(thread), await failure(local)];
    expect(there).toBeInstanceOf(Error);
    expect(there).toMatchObject({ code: '23505', constraint: 'uniq_pkey', message: here.message, detail: here.detail });
  });

  it('runs a transaction alone: a query from outside waits for it, and a rollback leaves nothing', async () => {
    await thread.query('create table tx_rows (n int)');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const inside = thread.transaction(async (tx) => {
      await tx.query('insert into tx_rows values (1)');
      await held;
      throw new Error('roll it back');
    });
    // Sent while the transaction is open: had it run inside it, it would count the uncommitted row.
    const outside = thread.query<{ n: number }>('select count(*)::int as n from tx_rows');
    release();
    await expect(inside).rejects.toThrow('roll it back');
    expect((await outside).rows).toEqual([{ n: 0 }]);

    const committed = await thread.transaction(async (tx) => {
      await tx.query('insert into tx_rows values (2)');
      return 'done';
    });
    expect(committed).toBe('done');
    expect((await thread.query('select n from tx_rows')).rows).toEqual([{ n: 2 }]);
  });
});

const sharedBuffers = async (open: DatabaseHandle) =>
  ((await open.db.execute(sql`show shared_buffers`)) as unknown as { rows: Array<{ shared_buffers: string }> }).rows[0]!
    .shared_buffers;

describe('openDatabase on a data dir, through the thread', () => {
  let dataDir: string;
  let handle: DatabaseHandle | undefined;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-'));
  });
  afterAll(async () => {
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps what was written across a close (lock released, later calls refused) and a new thread; an idle one holds no process open', async () => {
    handle = await openDatabase({ dataDir });
    const [user] = await handle.db.insert(tables.users).values({ id: 42, firstName: 'Ada' }).returning();
    // drizzle's transactions and savepoints go through the thread's transaction as they went through PGlite's.
    await handle.db.transaction(async (tx) => {
      await tx.update(tables.users).set({ firstName: 'Ada L.' }).where(eq(tables.users.id, user!.id));
      await tx
        .transaction(async (savepoint) => {
          await savepoint.update(tables.users).set({ firstName: 'lost' }).where(eq(tables.users.id, user!.id));
          savepoint.rollback();
        })
        .catch(() => {});
    });
    expect(await sharedBuffers(handle)).toBe('16MB');
    const closed = handle;
    await closed.close();
    handle = undefined;
    expect(fs.existsSync(path.join(dataDir, '.lock'))).toBe(false);
    // Every later call fails with why; a second close does nothing.
    await expect(closed.db.execute(sql`select 1`)).rejects.toHaveProperty(
      'cause.message',
      'the embedded database is closed',
    );
    await closed.close();

    // A process that forgot to close it still ends: an idle thread does not hold it open.
    const script = `import { openDatabase } from './core/src/index.ts';
      const open = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
      await open.db.execute('select 1');
      console.log('queried');`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: REPO,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stdout).toContain('queried');
    expect(run.status).toBe(0);

    handle = await openDatabase({ dataDir });
    const rows = await handle.db.select().from(tables.users);
    expect(rows.map((row) => [row.id, row.firstName])).toEqual([[42, 'Ada L.']]);
  });

  it("sizes Postgres' shared buffers to the database it opens: twice its files, up to the default", async () => {
    await handle!.db.execute(
      sql`create table ballast as select repeat(md5(i::text), 32) as text from generate_series(1, 40000) i`,
    );
    await handle!.close();
    handle = await openDatabase({ dataDir });
    const megabytes = Number((await sharedBuffers(handle)).replace('MB', ''));
    // 40,000 rows of 1 kB: some 45 MB of table beside the catalogue.
    expect(megabytes).toBeGreaterThanOrEqual(90);
    expect(megabytes).toBeLessThanOrEqual(128);
  });
});

describe('openDatabase in memory, through the thread', () => {
  it("migrates with the extensions the migrations create, and Postgres' settings applied", async () => {
    const handle = await openDatabase({});
    try {
      const rows = await handle.db.execute(sql`select extname from pg_extension where extname = 'pg_trgm'`);
      expect(JSON.stringify(rows)).toContain('pg_trgm');
      // The thread's size for a database with no files yet (PGlite's own default is 128MB).
      expect(await sharedBuffers(handle)).toBe('16MB');
    } finally {
      await handle.close();
    }
  });
});

describe("what the server's bundle gives drizzle for PGlite on the main thread", () => {
  it("names each type drizzle's PGlite session reads with PGlite's own number", () => {
    const session = fs.readFileSync(path.join(REPO, 'node_modules/drizzle-orm/pglite/session.js'), 'utf8');
    const read = new Set([...session.matchAll(/types\.(\w+)/g)].map((match) => match[1]!));
    expect(read.size).toBeGreaterThan(0);
    for (const name of read) {
      expect(onMainThread.types[name as keyof typeof onMainThread.types], name).toBe(types[name as keyof typeof types]);
    }
    expect(() => new onMainThread.PGlite()).toThrow(/its own thread/);
  });
});
