import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '@stickerdrop/core';

export interface BenchDatabase {
  handle: DatabaseHandle;
  /** The fresh database's address (a floor connects to it with `pg` alone); undefined for PGlite. */
  url: string | undefined;
  /** What the table header says: "PGlite (in memory)" or "Postgres 15.x (fresh database sd_bench_…)". */
  label: string;
  /** Closes the pool and drops the bench database, if one was created. */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database for one bench run: a new database on the server of `serverUrl` (dropped
 * afterwards), else an in-memory PGlite.
 */
export async function openBenchDatabase(serverUrl: string | undefined): Promise<BenchDatabase> {
  if (!serverUrl) {
    const handle = await openDatabase({});
    return { handle, url: undefined, label: 'PGlite (in memory)', dispose: () => handle.close() };
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const name = `sd_bench_${randomBytes(5).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const version = (await admin.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const handle = await openDatabase({ url: url.toString(), poolSize: 20 });
    return {
      handle,
      url: url.toString(),
      label: `Postgres ${version} (fresh database ${name} at ${url.host})`,
      async dispose() {
        await handle.close();
        await waitForSessionsToEnd(admin, name);
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  } catch (error) {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    throw error;
  }
}

/** pool.end() resolves before its sockets close; dropping WITH (FORCE) earlier would kill a closing session. */
async function waitForSessionsToEnd(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const open = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (open.rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
