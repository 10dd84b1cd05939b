import { sql, type SQL } from 'drizzle-orm';

interface Waiting<I, O> {
  input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

export interface Batcher<K, I, O> {
  /** Answers `input` from the next batch of `key`; a lone call goes at once. */
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
export const MAX_READ_BATCH = 500;

/**
 * Group commit for writes that queue on one lock: while a batch of `key` runs, calls for that key wait
 * and then go together as the next batch, so a burst costs one transaction (one WAL flush) per batch
 * instead of one per call. One batch per key runs at a time; with no burst a call runs alone, at once.
 * Reads use it too, to cost one round trip per burst. `run` answers the inputs in their order; if it
 * throws, every call of its batch gets the error.
 */
export function createBatcher<K, I, O>(
  run: (key: K, inputs: I[]) => Promise<O[]>,
  maxBatch = MAX_BATCH,
): Batcher<K, I, O> {
  const queues = new Map<K, Waiting<I, O>[]>();

  async function drain(key: K, queue: Waiting<I, O>[]): Promise<void> {
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
 * A list as one parameter, read back as a Postgres array of `type` in the same order (drizzle would
 * spread a JS array into separate parameters). JSON null becomes SQL NULL.
 */
export function sqlArray(
  values: readonly (string | number | null)[],
  type: 'text' | 'bigint' | 'uuid' | 'timestamptz',
): SQL {
  return sql`array(select e from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) with ordinality as t(e, n) order by n)::${sql.raw(type)}[]`;
}
