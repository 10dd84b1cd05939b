import { afterEach, beforeEach, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/index.js';
import { queryRows } from '../../src/db/sql-rows.js';
import { describeEachDatabase, freshDatabase, type TestDatabase } from '../support/db.js';

describeEachDatabase('the outbox has one writer', (kind) => {
  let handle: TestDatabase;
  let db: Database;

  beforeEach(async () => {
    handle = await freshDatabase(kind);
    db = handle.db;
  });
  afterEach(() => handle.close());

  // Every row goes through enqueueOutboxMessages, which checks its payload against its kind's schema: a
  // database function writing the outbox would skip that check.
  it('no function left by the migrations writes the outbox', async () => {
    const rows = await queryRows<{ name: string }>(
      db,
      sql`select proname as name from pg_proc where prosrc ~* 'insert\s+into\s+"?outbox'`,
    );
    expect(rows.map((row) => row.name)).toEqual([]);
  });
});
