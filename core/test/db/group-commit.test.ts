import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Transaction } from '../../src/db/client.js';
import { inTransactionTogether, type GroupCall } from '../../src/db/group-commit.js';
import { tables } from '../../src/testing.js';

/** Writes `value` and answers the transaction it ran in; a value of 'fail' throws after writing. */
async function write(tx: Transaction, value: string): Promise<number> {
  const result = (await tx.execute(
    sql`insert into group_rows (value) values (${value}) returning txid_current()::int as txid`,
  )) as unknown as { rows: { txid: number }[] };
  if (value === 'fail') throw new Error('this one fails');
  return result.rows[0]!.txid;
}

/**
 * Makes the first call, and the others once its group runs (a turn later): with one group at a time, the
 * first goes alone and the others together after it. The calls' promises, in the inputs' order.
 */
async function firstAloneThenTheRest<I, O>(call: (input: I) => Promise<O>, inputs: readonly I[]) {
  const first = call(inputs[0]!);
  await new Promise((resolve) => setImmediate(resolve));
  return [first, ...inputs.slice(1).map(call)];
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

  it('puts the calls made in one turn in one transaction, and those that come while it runs in the next', async () => {
    const together = inTransactionTogether(write, { keyOf: (value) => value, groupsAtOnce: 1 });
    const first = ['a', 'b', 'c'].map((value) => together(db, value));
    await new Promise((resolve) => setImmediate(resolve));
    const second = ['d', 'e'].map((value) => together(db, value));
    const txids = await Promise.all([...first, ...second]);

    expect(new Set(txids.slice(0, 3)).size).toBe(1);
    expect(new Set(txids.slice(3)).size).toBe(1);
    expect(txids[3]).not.toBe(txids[0]);
    expect(await committed()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it("makes one call's failure that call's alone: the others of its group commit, its own write does not", async () => {
    const together = inTransactionTogether(write, { keyOf: (value) => value, groupsAtOnce: 1 });
    const calls = ['first', 'b', 'fail', 'c'].map((value) => together(db, value));
    const settled = await Promise.allSettled(calls);

    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((settled[2] as PromiseRejectedResult).reason).toEqual(new Error('this one fails'));
    expect(await committed()).toEqual(['b', 'c', 'first']);
  });

  it('never puts more calls in one transaction than its limit', async () => {
    const together = inTransactionTogether(write, { keyOf: (value) => value, groupsAtOnce: 1, maxTogether: 2 });
    const txids = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((value) => together(db, value)));

    const perTransaction = [...new Set(txids)].map((txid) => txids.filter((t) => t === txid).length);
    expect(perTransaction).toEqual([2, 2, 1]);
  });

  it('splits more calls than its limit into groups of even size, not a full one and a remainder', async () => {
    const together = inTransactionTogether(write, { keyOf: (value) => value, groupsAtOnce: 2, maxTogether: 4 });
    const txids = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((value) => together(db, value)));

    const perTransaction = [...new Set(txids)].map((txid) => txids.filter((t) => t === txid).length);
    expect(perTransaction).toEqual([3, 2]);
  });

  describe('calls of one group', () => {
    const events: string[] = [];
    /** Does some work, then takes "the lock" and does the rest, noting each step. */
    const steps = async (tx: Transaction, call: { key: string; name: string }, group: GroupCall) => {
      events.push(`start ${call.name}`);
      await tx.execute(sql`insert into group_rows (value) values (${call.name})`);
      await group.beforeContendedLock();
      events.push(`locked ${call.name}`);
      await tx.execute(sql`select count(*) from group_rows`);
      events.push(`end ${call.name}`);
    };
    beforeEach(() => void events.splice(0));

    it('do all their work before any takes the lock, then the part after it one call at a time', async () => {
      const together = inTransactionTogether(steps, { keyOf: (call) => call.key, groupsAtOnce: 1 });
      await Promise.all(
        await firstAloneThenTheRest((name) => together(db, { key: name, name }), ['first', 'a', 'b', 'c']),
      );

      const group = events.slice(events.indexOf('end first') + 1);
      expect(group.slice(0, 3).sort()).toEqual(['start a', 'start b', 'start c']);
      expect(group.slice(3)).toEqual(['locked a', 'end a', 'locked b', 'end b', 'locked c', 'end c']);
      expect(await committed()).toEqual(['a', 'b', 'c', 'first']);
    });

    it('on one key run one after the other, in the order they came', async () => {
      const together = inTransactionTogether(steps, { keyOf: (call) => call.key, groupsAtOnce: 1 });
      const calls = [
        { key: 'first', name: 'first' },
        { key: 'order-1', name: 'x1' },
        { key: 'order-1', name: 'x2' },
        { key: 'order-2', name: 'y' },
      ];
      await Promise.all(await firstAloneThenTheRest((call) => together(db, call), calls));

      const group = events.slice(events.indexOf('end first') + 1);
      expect(group.indexOf('start x2')).toBeGreaterThan(group.indexOf('end x1'));
      expect(group.slice(0, 2).sort()).toEqual(['start x1', 'start y']);
      expect(group).toHaveLength(9);
    });
  });

  describe('work at the lock', () => {
    const batches: string[][] = [];
    /** "Takes the lock" for every item at once, in one statement; an item named 'fail' fails the batch. */
    const atLock = async (tx: Transaction, names: readonly string[]) => {
      batches.push([...names]);
      await tx.execute(sql`insert into group_rows (value) select unnest(${sql.param([...names])}::text[])`);
      if (names.includes('fail')) throw new Error('the batch fails');
      return names.map((name) => `${name} at ${batches.length}`);
    };
    const call = async (tx: Transaction, name: string, group: GroupCall) => {
      await tx.execute(sql`select 1`);
      return group.atContendedLock(tx, atLock, name);
    };
    beforeEach(() => void batches.splice(0));

    it('runs once for every call of a group, in the order they came, each call going on with its own result', async () => {
      const together = inTransactionTogether(call, { keyOf: (name) => name, groupsAtOnce: 1 });
      const results = await Promise.all(
        await firstAloneThenTheRest((name) => together(db, name), ['first', 'a', 'b', 'c']),
      );

      expect(batches).toEqual([['first'], ['a', 'b', 'c']]);
      expect(results).toEqual(['first at 1', 'a at 2', 'b at 2', 'c at 2']);
      expect(await committed()).toEqual(['a', 'b', 'c', 'first']);
    });

    it('failing, fails its group, whose calls then run each alone: only the failing one fails', async () => {
      const together = inTransactionTogether(call, { keyOf: (name) => name, groupsAtOnce: 1 });
      const settled = await Promise.allSettled(
        await firstAloneThenTheRest((name) => together(db, name), ['first', 'a', 'fail', 'b']),
      );

      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      expect(batches).toEqual([['first'], ['a', 'fail', 'b'], ['a'], ['fail'], ['b']]);
      expect(await committed()).toEqual(['a', 'b', 'first']);
    });
  });

  describe('steps made together', () => {
    const made: string[][] = [];
    /** A step of every item at once, in one statement; an item named 'fail' fails it. */
    const stepNamed =
      (step: string) =>
      async (tx: Transaction, items: readonly string[]): Promise<string[]> => {
        made.push([step, ...items]);
        await tx.execute(sql`insert into group_rows (value) select unnest(${sql.param([...items])}::text[])`);
        if (items.includes('fail')) throw new Error(`${step} fails`);
        return items.map((item) => `${item}+${step}`);
      };
    const claim = stepNamed('claim');
    const lock = stepNamed('lock');
    const atLock = async (_tx: Transaction, items: readonly string[]) => {
      made.push(['at lock', ...items]);
      return [...items];
    };
    const call = async (tx: Transaction, input: { key: string; name: string }, group: GroupCall) => {
      const claimed = await group.together(tx, claim, input.name);
      const locked = await group.together(tx, lock, claimed);
      return group.atContendedLock(tx, atLock, locked);
    };
    beforeEach(() => void made.splice(0));

    it('makes each step once for every call of a group, in the order they came, each going on with its own result', async () => {
      const together = inTransactionTogether(call, { keyOf: (input) => input.key, groupsAtOnce: 1 });
      const names = ['first', 'a', 'b', 'c'];
      const results = await Promise.all(
        await firstAloneThenTheRest((name) => together(db, { key: name, name }), names),
      );

      expect(results).toEqual(names.map((name) => `${name}+claim+lock`));
      expect(made).toEqual([
        ['claim', 'first'],
        ['lock', 'first+claim'],
        ['at lock', 'first+claim+lock'],
        ['claim', 'a', 'b', 'c'],
        ['lock', 'a+claim', 'b+claim', 'c+claim'],
        ['at lock', 'a+claim+lock', 'b+claim+lock', 'c+claim+lock'],
      ]);
    });

    it('makes the steps of a second call on one key after its first ended, with whatever steps wait then', async () => {
      const together = inTransactionTogether(call, { keyOf: (input) => input.key, groupsAtOnce: 1 });
      const inputs = [
        { key: 'first', name: 'first' },
        { key: 'order-1', name: 'x1' },
        { key: 'order-1', name: 'x2' },
        { key: 'order-2', name: 'y' },
      ];
      const results = await Promise.all(await firstAloneThenTheRest((input) => together(db, input), inputs));

      expect(results).toEqual(['first+claim+lock', 'x1+claim+lock', 'x2+claim+lock', 'y+claim+lock']);
      // x1 goes past the lock before x2 starts: x2 runs whole in a turn of its own, its steps alone.
      expect(made.slice(3)).toEqual([
        ['claim', 'x1', 'y'],
        ['lock', 'x1+claim', 'y+claim'],
        ['at lock', 'x1+claim+lock', 'y+claim+lock'],
        ['claim', 'x2'],
        ['lock', 'x2+claim'],
        ['at lock', 'x2+claim+lock'],
      ]);
    });

    it('failing, fails its group, whose calls then run each alone: only the failing one fails', async () => {
      const together = inTransactionTogether(call, { keyOf: (input) => input.key, groupsAtOnce: 1 });
      const names = ['first', 'a', 'fail', 'b'];
      const settled = await Promise.allSettled(
        await firstAloneThenTheRest((name) => together(db, { key: name, name }), names),
      );

      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      expect((settled[2] as PromiseRejectedResult).reason).toEqual(new Error('claim fails'));
      expect(made.slice(3, 4)).toEqual([['claim', 'a', 'fail', 'b']]);
      expect(await committed()).toEqual(['a', 'a+claim', 'b', 'b+claim', 'first', 'first+claim']);
    });
  });
});
