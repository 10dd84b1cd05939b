import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { outbox } from '../db/schema.js';
import type { OutboxKey } from './keys.js';
import { BULK_OUTBOX_KINDS, type OutboxKind } from './kinds/index.js';

/**
 * The reading side of the outbox, the steps of the one claim loop (consumer.ts) that the bot's workers
 * (possibly several processes) and the refund worker run: claim due rows, do each job, mark each row. A
 * claim is a lease: the row is `sending` until `next_attempt_at`; a consumer that dies mid-batch leaves
 * rows another one claims again once the lease runs out.
 *
 * Statuses: pending → sending → sent; or back to pending (retry later); or failed (gave up after
 * repeated permanent errors); or undeliverable (the user blocked the bot: nothing can ever be sent).
 */
export type OutboxRow = typeof outbox.$inferSelect;
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'undeliverable';

export interface ClaimOptions {
  /** Only these kinds: a worker never takes a job it cannot do. */
  kinds: readonly string[];
  limit: number;
  now: Date;
  /** How long the claim holds; longer than the worst batch takes. */
  leaseMs: number;
}

/**
 * Takes up to `limit` due rows, personal ones before bulk ones (each kind's `audience`), oldest first. `FOR UPDATE SKIP LOCKED` lets concurrent workers each take
 * different rows without waiting on one another; the same statement moves them to `sending`, so a row
 * is never handed out twice while its lease lasts.
 */
export async function claimOutboxBatch(db: DbOrTx, options: ClaimOptions): Promise<OutboxRow[]> {
  if (options.kinds.length === 0 || options.limit < 1) return [];
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        inArray(outbox.status, ['pending', 'sending']),
        lte(outbox.nextAttemptAt, options.now),
        inArray(outbox.kind, [...options.kinds]),
      ),
    )
    .orderBy(inArray(outbox.kind, [...BULK_OUTBOX_KINDS]), asc(outbox.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set(lease(options.now, options.leaseMs))
    .where(inArray(outbox.id, due))
    .returning();
  return claimed.map(normalize).sort((a, b) => a.id - b.id);
}

/**
 * Takes the one row written under `key` while it waits (`pending`, due or not): a consumer that can do
 * the job right now (the bot refunding Stars while the buyer is in the chat) takes it from the worker.
 * Null when there is no such row or someone holds it.
 */
export async function claimOutboxRow(
  db: DbOrTx,
  key: OutboxKey<OutboxKind>,
  options: { now: Date; leaseMs: number },
): Promise<OutboxRow | null> {
  const [claimed] = await db
    .update(outbox)
    .set(lease(options.now, options.leaseMs))
    .where(and(eq(outbox.dedupeKey, key), eq(outbox.status, 'pending')))
    .returning();
  return claimed ? normalize(claimed) : null;
}

/** A claim: the row is `sending` (one more attempt) until the lease runs out. */
function lease(now: Date, leaseMs: number) {
  return {
    status: 'sending',
    attempts: sql`${outbox.attempts} + 1`,
    nextAttemptAt: new Date(now.getTime() + leaseMs),
  };
}

/** The message went out. Only a row still claimed moves: a lease taken over by another worker is theirs. */
export async function markOutboxSent(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ status: 'sent', sentAt: now, lastError: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'sending')))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

/**
 * Keeps claimed rows this worker is still working on (a long sticker-set upload, a batch paced by
 * Telegram's limits): the lease stays short, so a dead worker's rows come back within seconds.
 */
export async function renewOutboxLease(db: DbOrTx, ids: number[], until: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ nextAttemptAt: until })
    .where(and(inArray(outbox.id, ids), eq(outbox.status, 'sending')));
}

/** Try again at `retryAt` (backoff, or Telegram's retry_after). */
export async function markOutboxRetry(db: DbOrTx, id: number, retryAt: Date, error: string): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'pending', nextAttemptAt: retryAt, lastError: error.slice(0, 1000) })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'sending')));
}

/** Never again: `undeliverable` when the user blocked the bot, `failed` after repeated permanent errors. */
export async function markOutboxFinal(
  db: DbOrTx,
  id: number,
  status: 'failed' | 'undeliverable',
  error: string,
): Promise<void> {
  await db
    .update(outbox)
    .set({ status, lastError: error.slice(0, 1000) })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'sending')));
}

/**
 * Hands back claimed rows this worker did not start (shutdown): due at once for the next worker, and the
 * attempt they never had is not counted.
 */
export async function releaseOutboxRows(db: DbOrTx, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ status: 'pending', nextAttemptAt: now, attempts: sql`greatest(${outbox.attempts} - 1, 0)` })
    .where(and(inArray(outbox.id, ids), eq(outbox.status, 'sending')));
}

/** Postgres hands bigserial back as a string, PGlite as a number. */
function normalize(row: OutboxRow): OutboxRow {
  return { ...row, id: Number(row.id), attempts: Number(row.attempts) };
}
