import type { Database, DbOrTx, Transaction } from './client.js';
import { createBatcher, type Batcher } from './batches.js';
import { onePerHandle } from './prepared.js';

type Settled<O> = { ok: true; value: O } | { ok: false; error: unknown };

const succeeded = <O>(value: O): Settled<O> => ({ ok: true, value });
const failed = <O>(error: unknown): Settled<O> => ({ ok: false, error });

/**
 * A drop's payments all wait for one pack's row lock, held through each commit: one transaction each costs a
 * WAL flush and a handful of round trips under that lock per payment. Those that arrive together are few
 * enough to go in one transaction.
 */
const MAX_TOGETHER = 25;

/**
 * Group commit for a unit of work that needs a transaction of its own: while one group runs, the calls that
 * arrive wait in memory (holding no connection) and then run one after another in the next group's single
 * transaction, which commits them all at once: one WAL flush, one wait for a contended lock. A lone call
 * runs alone, at once. Each call sees the writes of the calls before it in its group, as it would have seen
 * them committed. When the group's transaction fails (one call threw, a deadlock, a lost connection) it
 * wrote nothing, and every call of it runs again in a transaction of its own, so one call's failure is that
 * call's alone.
 */
export function inTransactionTogether<I, O>(
  work: (tx: Transaction, input: I) => Promise<O>,
  maxTogether = MAX_TOGETHER,
): (db: Database, input: I) => Promise<O> {
  const batchers = new WeakMap<DbOrTx, Batcher<'all', I, Settled<O>>>();
  const alone = (db: Database, input: I) => db.transaction((tx) => work(tx, input)).then(succeeded<O>, failed<O>);

  const together = async (db: Database, inputs: I[]): Promise<Settled<O>[]> => {
    if (inputs.length === 1) return [await alone(db, inputs[0]!)];
    try {
      return await db.transaction(async (tx) => {
        const outputs: Settled<O>[] = [];
        for (const input of inputs) outputs.push(succeeded(await work(tx, input)));
        return outputs;
      });
    } catch {
      const outputs: Settled<O>[] = [];
      for (const input of inputs) outputs.push(await alone(db, input));
      return outputs;
    }
  };

  return async (db, input) => {
    const batcher = onePerHandle(batchers, db, () =>
      createBatcher((_all: 'all', inputs: I[]) => together(db, inputs), maxTogether),
    );
    const settled = await batcher.submit('all', input);
    if (!settled.ok) throw settled.error;
    return settled.value;
  };
}
