import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { queryRows } from './sql-rows.js';

const WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Recomputes every pack's trending score:
 *
 *   score = 10 × sales in the last 7 days + 3 × likes given in the last 7 days + likes + ln(1 + views)
 *
 * Recent sales weigh most (someone paid), recent likes show current interest, all-time likes keep a
 * loved pack visible, and views count least and logarithmically because opening a page costs nothing and
 * anyone can repeat it. A pack nobody has touched scores 0. Only rows whose score changed are written.
 * Returns the number of packs updated.
 */
export async function refreshTrendingScores(db: DbOrTx, now: Date): Promise<number> {
  const since = new Date(now.getTime() - WINDOW_MS).toISOString();
  const updated = await queryRows<{ id: number }>(
    db,
    sql`
    with scores as (
      select p.id,
        (10 * coalesce(s.recent, 0) + 3 * coalesce(l.recent, 0) + p.likes + ln(1 + p.views))::real as score
      from packs p
      left join (select pack_id, count(*) as recent from editions where created_at > ${since}::timestamptz group by pack_id) s
        on s.pack_id = p.id
      left join (select pack_id, count(*) as recent from likes where created_at > ${since}::timestamptz group by pack_id) l
        on l.pack_id = p.id
    )
    update packs set trending_score = scores.score
    from scores
    where packs.id = scores.id and packs.trending_score is distinct from scores.score
    returning packs.id`,
  );
  return updated.length;
}

export interface TrendingRefresherOptions {
  intervalMs: number;
  now: () => Date;
  onError?: (error: unknown) => void;
}

/**
 * Refreshes the scores now and every `intervalMs`, never two runs at once. Each API process may run one: the
 * update is idempotent. Returns a stop function that waits for a run in progress.
 */
export function startTrendingRefresher(db: DbOrTx, options: TrendingRefresherOptions): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    // A run that outlasts the interval is not stacked on: the next tick finds it busy and skips.
    if (running || stopped) return;
    running = refreshTrendingScores(db, options.now())
      .then(() => undefined)
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
