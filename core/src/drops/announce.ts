import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client.js';
import { periodic, type Job } from '../jobs/periodic.js';
import type { Logger } from '../logger.js';
import { dropSubscriptions, packs } from '../db/schema.js';
import { queryRows } from '../db/sql-rows.js';
import { enqueueOutboxMessages, outboxMessage } from '../outbox/enqueue.js';
import { outboxKey } from '../outbox/keys.js';

/** Drops announced per pass. */
const DROPS_PER_PASS = 20;

/**
 * Queues "the drop is open" for every subscriber of each drop that opened and was not announced yet, and
 * marks the drop announced, in one transaction: each subscriber gets exactly one outbox row (its dedupe
 * key names the pack and the user), and the bot's outbox worker sends them under Telegram's limits.
 * `FOR UPDATE SKIP LOCKED` lets two API processes run the job without announcing a drop twice, and
 * holds off subscriptions to the drop until the rows are queued. A pack the marketplace removed is not
 * announced, its subscribers not told: it waits unannounced, and is announced if an operator restores it.
 * Returns the drops announced.
 */
export async function announceOpenedDrops(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await queryRows<{ id: number; title: string }>(
      tx,
      sql`select id, title from packs
        where drops_at is not null and drop_announced_at is null and drops_at <= ${now.toISOString()}::timestamptz
          and status <> 'removed'
        order by drops_at limit ${DROPS_PER_PASS} for update skip locked`,
    );
    for (const pack of due) await queueAnnouncements(tx, { id: Number(pack.id), title: pack.title });
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

/** One `drop_opened` row per subscriber of the pack (locked by the caller), oldest subscription first. */
async function queueAnnouncements(tx: DbOrTx, pack: { id: number; title: string }): Promise<void> {
  const subscribers = await tx
    .select({ userId: dropSubscriptions.userId })
    .from(dropSubscriptions)
    .where(eq(dropSubscriptions.packId, pack.id))
    .orderBy(asc(dropSubscriptions.createdAt), asc(dropSubscriptions.userId));
  await enqueueOutboxMessages(
    tx,
    subscribers.map(({ userId }) =>
      outboxMessage(
        'drop_opened',
        { packId: pack.id, userId: Number(userId), title: pack.title },
        outboxKey.drop_opened(pack.id, Number(userId)),
      ),
    ),
  );
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

/**
 * Whether a queued "the drop is open" may still go out: not when the marketplace removed the pack after the
 * announcement was queued (the takedown holds the pack's lock, so either the row was queued before it, and
 * is stopped here, or the announcer skipped the pack).
 */
export async function dropStillAnnounceable(db: DbOrTx, packId: number): Promise<boolean> {
  const [pack] = await db
    .select({ id: packs.id })
    .from(packs)
    .where(and(eq(packs.id, packId), eq(packs.status, 'listed')));
  return pack !== undefined;
}
