import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { queryRows } from './sql-rows.js';

/**
 * The database functions the sale rules live in (a reservation, "already owns", "editions left", the
 * supply lock, the counters' triggers): one file per function in core/sql/, each its current body as
 * `CREATE OR REPLACE FUNCTION`, so the rule is read in one place instead of across the migrations that
 * once redefined it. A migration still creates the tables they read, and drops a function whose signature
 * goes; the files are applied after the migrations.
 */
export const liveFunctionsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../sql');

interface LiveFunctions {
  version: string;
  bodies: string[];
}

let read: LiveFunctions | undefined;

/** The files, read once per process; their version is a hash of their names and contents. */
function liveFunctions(): LiveFunctions {
  if (read) return read;
  const files = readdirSync(liveFunctionsFolder)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const hash = createHash('sha256');
  const bodies = files.map((name) => {
    const body = readFileSync(path.join(liveFunctionsFolder, name), 'utf8');
    hash.update(`${name}\0${body}\0`);
    return body;
  });
  read = { version: hash.digest('hex').slice(0, 32), bodies };
  return read;
}

/**
 * Brings the database's functions to the files, after the migrations: in one transaction, under an
 * advisory lock (the API and the bot may open one database at once), and only when the files changed
 * since the version the database records, so an unchanged start reads one row. Bodies are not checked at
 * creation (`check_function_bodies`), so the files need no order among themselves.
 */
export async function applyLiveFunctions(db: Database): Promise<void> {
  const { version, bodies } = liveFunctions();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('live-sql-functions', 0))`);
    const [held] = await queryRows<{ version: string }>(tx, sql`select version from live_sql_version`);
    if (held?.version === version) return;
    await tx.execute(sql`set local check_function_bodies = off`);
    for (const body of bodies) await tx.execute(sql.raw(body));
    await tx.execute(sql`insert into live_sql_version (only_row, version) values (true, ${version})
      on conflict (only_row) do update set version = excluded.version, applied_at = now()`);
  });
}
