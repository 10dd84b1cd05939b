import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { queryRows } from '../db/sql-rows.js';
import { periodic, type Job } from '../jobs/periodic.js';
import type { Logger } from '../logger.js';

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

/**
 * Refreshes the scores at start and every `every` ms. Each API process may run one: the update is
 * idempotent.
 */
export function trendingRefresher(db: DbOrTx, options: { every: number; now: () => Date; log: Logger }): Job {
  return periodic({
    name: 'trending refresh',
    every: options.every,
    immediately: true,
    log: options.log,
    run: () => refreshTrendingScores(db, options.now()),
  });
}
