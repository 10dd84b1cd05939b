import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';
import { onePerHandle } from './prepared.js';

interface Waiting<I, O> {
  input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

export interface Batcher<K, I, O> {
  /** Answers `input` from the next batch of `key`; a lone call goes at once (after the microtasks queued before it). */
  submit(key: K, input: I): Promise<O>;
}

/**
 * The batch functions of migration 0007 run each element in its own subtransaction; past 64 subtransactions
 * that wrote, a transaction overflows Postgres's per-backend cache of them and every other session's
 * snapshot checks get slower while it runs. 50 stays under that.
 */
const MAX_BATCH = 50;

/**
 * Batched reads (drop rules, orders, likes) run no subtransactions: one statement answers a whole burst
 * (a drop's 100 connections firing at once) instead of two or three in a row.
 */
const MAX_READ_BATCH = 500;

/**
 * Group commit for writes that queue on one lock: while a batch of `key` runs, calls for that key wait
 * and then go together as the next batch, so a burst costs one transaction (one WAL flush) per batch
 * instead of one per call. One batch per key runs at a time; with no burst a call runs alone, at once.
 * Reads use it too (`readTogether`). `run` answers the inputs in their order; if it throws, every call of
 * its batch gets the error.
 */
export function createBatcher<K, I, O>(
  run: (key: K, inputs: I[]) => Promise<O[]>,
  maxBatch = MAX_BATCH,
): Batcher<K, I, O> {
  const queues = new Map<K, Waiting<I, O>[]>();

  async function drain(key: K, queue: Waiting<I, O>[]): Promise<void> {
    // The calls made in the same run of microtasks as the first join its batch: a page of TON payments
    // asks for its orders in one loop, and the first would otherwise go alone, a round trip ahead of the rest.
    await Promise.resolve();
    while (queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      try {
        const outputs = await run(
          key,
          batch.map((waiting) => waiting.input),
        );
        batch.forEach((waiting, i) => waiting.resolve(outputs[i]!));
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    queues.delete(key);
  }

  return {
    submit(key, input) {
      return new Promise<O>((resolve, reject) => {
        const running = queues.get(key);
        if (running) return void running.push({ input, resolve, reject });
        const queue = [{ input, resolve, reject }];
        queues.set(key, queue);
        void drain(key, queue);
      });
    },
  };
}

/**
 * One read of `input`, made in one statement (`readMany`) with the other reads of `key` that arrive while
 * the previous one runs: on two shared cores a round trip each (a socket write waking a backend) cost more
 * than the read. Each still starts after its request arrived, so no answer is older than its request.
 * Inside a caller's transaction, that transaction's snapshot is the one to read: alone.
 */
function readTogether<K, I, O>(
  readers: WeakMap<DbOrTx, Batcher<K, I, O>>,
  db: DbOrTx,
  key: K,
  input: I,
  readMany: (db: DbOrTx, key: K, inputs: I[]) => Promise<O[]>,
): Promise<O> {
  if (db instanceof PgTransaction) return readMany(db, key, [input]).then(([output]) => output!);
  const reader = onePerHandle(readers, db, (handle) =>
    createBatcher((k: K, inputs: I[]) => readMany(handle, k, inputs), MAX_READ_BATCH),
  );
  return reader.submit(key, input);
}

/**
 * `readTogether` as one function a rule calls like a plain read (`readDropRules(db, packId, buyer)`): it
 * keeps its own readers per handle, so the rule does not know it batches.
 */
export function readsTogether<K, I, O>(
  readMany: (db: DbOrTx, key: K, inputs: I[]) => Promise<O[]>,
): (db: DbOrTx, key: K, input: I) => Promise<O> {
  const readers = new WeakMap<DbOrTx, Batcher<K, I, O>>();
  return (db, key, input) => readTogether(readers, db, key, input, readMany);
}

/**
 * `readsTogether` for a read of one row by its id: `readRows` reads the rows of several ids in one statement,
 * `idOf` tells whose a row is; an id with no row reads as undefined.
 */
export function readsTogetherById<K, R>(
  readRows: (db: DbOrTx, ids: K[]) => Promise<R[]>,
  idOf: (row: R) => K,
): (db: DbOrTx, id: K) => Promise<R | undefined> {
  const read = readsTogether(async (db: DbOrTx, _: 0, ids: K[]) => {
    const rows = await readRows(db, [...new Set(ids)]);
    const byId = new Map(rows.map((row) => [idOf(row), row]));
    return ids.map((id) => byId.get(id));
  });
  return (db, id) => read(db, 0, id);
}

/**
 * A write that queues on one lock, as one function a rule calls like a plain write: the calls of `key` that
 * arrive while the previous batch runs go together as the next batch (group commit, `createBatcher`), each
 * batch in a transaction of its own when `inTransaction` (its statements commit together), else as its one
 * statement. Inside a caller's transaction a call runs alone, in a savepoint of that transaction.
 */
export function writesTogether<K, I, O>(
  writeMany: (db: DbOrTx, key: K, inputs: I[]) => Promise<O[]>,
  options: { inTransaction?: boolean } = {},
): (db: DbOrTx, key: K, input: I) => Promise<O> {
  const writers = new WeakMap<DbOrTx, Batcher<K, I, O>>();
  const batchOn = (handle: DbOrTx) =>
    createBatcher((key: K, inputs: I[]) =>
      options.inTransaction ? handle.transaction((tx) => writeMany(tx, key, inputs)) : writeMany(handle, key, inputs),
    );
  return async (db, key, input) => {
    if (db instanceof PgTransaction) {
      const [output] = await db.transaction((tx) => writeMany(tx, key, [input]));
      return output!;
    }
    return onePerHandle(writers, db, batchOn).submit(key, input);
  };
}
