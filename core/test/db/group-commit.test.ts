import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Transaction } from '../../src/db/client.js';
import { inTransactionTogether } from '../../src/db/group-commit.js';
import { tables } from '../../src/testing.js';

/** Writes `value` and answers the transaction it ran in; a value of 'fail' throws after writing. */
async function write(tx: Transaction, value: string): Promise<number> {
  const result = (await tx.execute(
    sql`insert into group_rows (value) values (${value}) returning txid_current()::int as txid`,
  )) as unknown as { rows: { txid: number }[] };
  if (value === 'fail') throw new Error('this one fails');
  return result.rows[0]!.txid;
}

describe('inTransactionTogether: group commit for whole transactions', () => {
  let client: PGlite;
  let db: Database;

  beforeAll(async () => {
    client = await PGlite.create();
    db = drizzle({ client, schema: tables }) as unknown as Database;
    await client.exec('create table group_rows (value text not null)');
  });
  beforeEach(() => client.exec('truncate group_rows'));
  afterAll(() => client.close());

  const committed = async () =>
    (await client.query<{ value: string }>('select value from group_rows order by value')).rows.map((r) => r.value);

  it('runs a lone call at once, and the calls that arrive meanwhile in one transaction after it', async () => {
    const together = inTransactionTogether(write);
    const txids = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((value) => together(db, value)));

    expect(new Set(txids.slice(1)).size).toBe(1);
    expect(txids[1]).not.toBe(txids[0]);
    expect(await committed()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it("makes one call's failure that call's alone: the others of its group commit, its own write does not", async () => {
    const together = inTransactionTogether(write);
    const calls = ['first', 'b', 'fail', 'c'].map((value) => together(db, value));
    const settled = await Promise.allSettled(calls);

    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((settled[2] as PromiseRejectedResult).reason).toEqual(new Error('this one fails'));
    expect(await committed()).toEqual(['b', 'c', 'first']);
  });

  it('never puts more calls in one transaction than its limit', async () => {
    const together = inTransactionTogether(write, 2);
    const txids = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((value) => together(db, value)));

    const perTransaction = [...new Set(txids)].map((txid) => txids.filter((t) => t === txid).length);
    expect(perTransaction).toEqual([1, 2, 2]);
  });
});
