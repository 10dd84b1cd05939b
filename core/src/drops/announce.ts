import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { periodic, type Job } from '../jobs/periodic.js';
import type { Logger } from '../logger.js';
import { packs } from '../db/schema.js';
import { queryRows } from '../db/sql-rows.js';

/** Drops announced per pass; a pass queues every subscriber of each, in one statement per drop. */
const DROPS_PER_PASS = 20;

/**
 * Queues "the drop is open" for every subscriber of each drop that opened and was not announced yet, and
 * marks the drop announced, in one transaction: each subscriber gets exactly one outbox row (its dedupe
 * key names the pack and the user), and the bot's outbox worker sends them under Telegram's limits.
 * `FOR UPDATE SKIP LOCKED` lets two API processes run the job without announcing a drop twice, and
 * holds off subscriptions to the drop until the rows are queued. Returns the drops announced.
 */
export async function announceOpenedDrops(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await queryRows<{ id: number; title: string }>(
      tx,
      sql`select id, title from packs
        where drops_at is not null and drop_announced_at is null and drops_at <= ${now.toISOString()}::timestamptz
        order by drops_at limit ${DROPS_PER_PASS} for update skip locked`,
    );
    for (const pack of due) {
      await tx.execute(sql`insert into outbox (kind, dedupe_key, payload)
        -- The key is outboxKey.drop_opened(packId, userId), written in SQL for one statement per drop.
        select 'drop_opened', 'drop_opened:' || s.pack_id || ':' || s.user_id,
          jsonb_build_object('packId', s.pack_id, 'userId', s.user_id, 'title', ${pack.title}::text)
        from drop_subscriptions s where s.pack_id = ${pack.id}
        order by s.created_at, s.user_id
        on conflict (dedupe_key) do nothing`);
    }
    if (due.length > 0) {
      await tx
        .update(packs)
        .set({ dropAnnouncedAt: now })
        .where(
          inArray(
            packs.id,
            due.map((pack) => Number(pack.id)),
          ),
        );
    }
    return due.length;
  });
}

/** `announceOpenedDrops` every `every` ms, as a job of the process; a pass that filled its batch runs again at once. */
export function dropAnnouncer(db: Database, options: { every: number; now: () => Date; log: Logger }): Job {
  return periodic({
    name: 'drop announcer',
    every: options.every,
    log: options.log,
    backoff: { maxMs: 60_000 },
    run: async () => ((await announceOpenedDrops(db, options.now())) >= DROPS_PER_PASS ? 'more' : undefined),
  });
}
