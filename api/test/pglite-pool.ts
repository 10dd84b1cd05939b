/**
 * PGlite databases for tests, loaded from the run's migrated image and recycled within a suite: closing
 * one empties every table and restarts the sequences (emptyAllTables: ids start over as on a new database) and keeps
 * the instance for the suite's next test, instead of paying for a new instance per test. A closed handle
 * refuses queries, so a late background write fails as on a closed database instead of landing in the
 * next test's data.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { inject } from 'vitest';
import type { Database } from '@stickerdrop/core';
import { emptyAllTables, migratedTestImage, pgliteExtensions, tables as schema } from '@stickerdrop/core/testing';

const idle: PGlite[] = [];
let image: Promise<Blob> | undefined;

/** The run's image from global setup; made here when this file runs without it. */
function migratedImage(): Promise<Blob> {
  image ??= (async () => {
    const file = inject('testDatabaseImages')?.pgliteImage;
    return file ? new Blob([fs.readFileSync(file)]) : migratedTestImage();
  })();
  return image;
}

export async function leasePglite(): Promise<{ db: Database; close(): Promise<void> }> {
  const client =
    idle.pop() ?? (await PGlite.create({ loadDataDir: await migratedImage(), extensions: pgliteExtensions }));
  let open = true;
  const refuseWhenClosed = () => {
    if (!open) throw new Error('PGlite is closed');
  };
  // Only what drizzle's PGlite driver calls: query for statements, transaction for db.transaction.
  const leased = {
    query: ((...args: Parameters<PGlite['query']>) => {
      refuseWhenClosed();
      return client.query(...args);
    }) as PGlite['query'],
    transaction: ((callback: Parameters<PGlite['transaction']>[0]) => {
      refuseWhenClosed();
      return client.transaction(callback);
    }) as PGlite['transaction'],
  };
  return {
    db: drizzle({ client: leased as PGlite, schema }),
    async close() {
      if (!open) return;
      open = false;
      try {
        await emptyAllTables(client);
        idle.push(client);
      } catch {
        await client.close();
      }
    },
  };
}
