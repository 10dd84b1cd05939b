import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, beforeEach, expect, it, describe } from 'vitest';
import type { Database, DbOrTx } from '../../src/db/client.js';
import { executeAsOne } from '../../src/db/writes-as-one.js';
import { tables } from '../../src/testing.js';

describe('executeAsOne: writes of different tables in one statement', () => {
  let client: PGlite;
  let db: Database;
  const statements: string[] = [];
  /** The database, noting each statement sent through it. */
  const noted = () =>
    ({
      execute: (query: Parameters<Database['execute']>[0]) => {
        statements.push('statement');
        return db.execute(query);
      },
    }) as unknown as DbOrTx;

  beforeAll(async () => {
    client = await PGlite.create();
    db = drizzle({ client, schema: tables }) as unknown as Database;
    await client.exec('create table notes (body text not null); create table credits (amount integer not null)');
  });
  beforeEach(async () => {
    statements.splice(0);
    await client.exec('truncate notes, credits');
  });
  afterAll(() => client.close());

  const rows = async () => ({
    notes: (await client.query<{ body: string }>('select body from notes order by body')).rows.map((r) => r.body),
    credits: (await client.query<{ amount: number }>('select amount from credits')).rows.map((r) => r.amount),
  });

  it('sends the writes of two tables as one statement, and each is made', async () => {
    await executeAsOne(noted(), [
      sql`insert into notes (body) select unnest(${sql.param(['a', 'b'])}::text[])`,
      sql`insert into credits (amount) values (${5})`,
    ]);
    expect(statements).toHaveLength(1);
    expect(await rows()).toEqual({ notes: ['a', 'b'], credits: [5] });
  });

  it('sends one write as it is, and nothing for none', async () => {
    await executeAsOne(noted(), []);
    await executeAsOne(noted(), [sql`insert into credits (amount) values (${7})`]);
    expect(statements).toHaveLength(1);
    expect(await rows()).toEqual({ notes: [], credits: [7] });
  });
});
