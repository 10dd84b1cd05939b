import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { periodic } from '../jobs/periodic.js';
import { silentLogger } from '../logger.js';

/**
 * Counts pack views in memory and adds them to packs.views in one statement every `flushMs`
 * (`views = views + n`, atomic). Incrementing the row on every page view would make a popular pack's row a
 * queue: each view's update holds the row lock until its commit is on disk, so one hot pack tops out at a
 * few hundred views a second however many connections there are. Views are not money: a crash loses at most
 * one interval of them. Each API process keeps its own counter; their flushes add up.
 */
export interface ViewCounter {
  count(packId: number): void;
  /** Views of the pack counted here that are not yet in the database. */
  pending(packId: number): number;
  /** Writes what is pending; a failed write is kept for the next try. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>;
}

export function createViewCounter(
  db: DbOrTx,
  options: { flushMs: number; onError?: (error: unknown) => void },
): ViewCounter {
  let pending = new Map<number, number>();
  let writing = new Map<number, number>();
  let flushing: Promise<void> | null = null;

  async function write(batch: Map<number, number>): Promise<void> {
    const rows = [...batch].map(([packId, views]) => sql`(${packId}::integer, ${views}::integer)`);
    await db.execute(sql`update packs set views = packs.views + counted.views
      from (values ${sql.join(rows, sql`, `)}) as counted(pack_id, views)
      where packs.id = counted.pack_id`);
  }

  function flush(): Promise<void> {
    if (flushing) return flushing;
    if (pending.size === 0) return Promise.resolve();
    writing = pending;
    pending = new Map();
    flushing = write(writing)
      .catch((error: unknown) => {
        for (const [packId, views] of writing) pending.set(packId, (pending.get(packId) ?? 0) + views);
        options.onError?.(error);
      })
      .finally(() => {
        writing = new Map();
        flushing = null;
      });
    return flushing;
  }

  // flush never throws (a failed write goes to onError and stays pending), so the job logs nothing itself.
  const flusher = periodic({ name: 'views flush', every: options.flushMs, log: silentLogger, run: flush });
  flusher.start();

  return {
    count(packId) {
      pending.set(packId, (pending.get(packId) ?? 0) + 1);
    },
    pending(packId) {
      return (pending.get(packId) ?? 0) + (writing.get(packId) ?? 0);
    },
    flush,
    async stop() {
      await flusher.stop();
      await flushing;
      await flush();
    },
  };
}
