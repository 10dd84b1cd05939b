import type { Database } from '../db/client.js';
import type { OutboxKind } from './kinds/index.js';
import { periodic, type Job } from '../jobs/periodic.js';
import type { Logger } from '../logger.js';
import {
  claimOutboxBatch,
  markOutboxFinal,
  markOutboxRetry,
  markOutboxSent,
  releaseOutboxRows,
  renewOutboxLease,
  type OutboxRow,
} from './drain.js';

/** What a failed attempt means for its row; each consumer reads its own errors (`classify`). */
export type OutboxFailure =
  /** The other side is away (no network, 5xx): retried with backoff for as long as it lasts. */
  | { kind: 'outage' }
  /** Anything else: retried with backoff, given up after `maxAttempts`. */
  | { kind: 'error' }
  /** The other side said when to come back (Telegram's retry_after). */
  | { kind: 'retry_at'; at: Date }
  /** Never again: `undeliverable` when the person blocked the bot, `failed` when the job cannot succeed. */
  | { kind: 'final'; status: 'failed' | 'undeliverable' };

/** How a consumer claims and retries; every consumer states its own. */
export interface OutboxSchedule {
  /** How long a claim holds unless renewed; renewed every third of it while the batch works. */
  leaseMs: number;
  /** First retry delay, doubled per attempt up to `maxMs`; `jitter` (0–1) shortens each delay by up to that share. */
  backoff: { firstMs: number; maxMs: number; jitter?: number };
  /** Attempts before an `error` gives up (outages never do); unlimited when absent. */
  maxAttempts?: number;
  batchSize: number;
  /** Pause between passes when the last one found nothing. */
  pollMs: number;
  /** Run the first pass at start. */
  immediately?: boolean;
}

export interface OutboxConsumerOptions extends OutboxSchedule {
  /** Names the job; `retryLog` and `givenUpLog` are its log lines for a row retried or given up. */
  name: string;
  retryLog: string;
  givenUpLog: string;
  db: Database;
  log: Logger;
  now: () => Date;
  /** Only these kinds: a consumer never takes a job it cannot do. */
  kinds: readonly OutboxKind[];
  /** Does one row's job; throws what went wrong. */
  handle(row: OutboxRow): Promise<void>;
  /** What an error thrown by `handle` means; every error is an `error` when absent. */
  classify?(row: OutboxRow, error: unknown): OutboxFailure;
  /**
   * Rows of one lane run in order, lanes side by side (at most `concurrency`); a row whose lane cannot be
   * told (a broken payload) is given up. Without it the batch runs one row at a time.
   */
  lanes?: { of(row: OutboxRow): number | string; concurrency: number };
}

/** Drains until stopped; `stop` finishes the jobs in flight, hands back the rest of the batch, and resolves when idle. */
export interface OutboxConsumer extends Job {
  /** One claim-and-handle pass; the number of rows claimed. */
  drainOnce(): Promise<number>;
}

/**
 * The one claim loop of the outbox: claims due rows of its kinds (personal before bulk, FOR UPDATE SKIP
 * LOCKED, so several consumers can run), renews the lease while it works so a crashed consumer's rows come
 * back soon after, and marks each row as soon as its job is done: sent, retried with capped backoff, or
 * given up. A row whose `sent` mark fails (the database went away just then) is remembered and marked
 * before anything else is claimed, never done twice by this consumer.
 */
export function createOutboxConsumer(options: OutboxConsumerOptions): OutboxConsumer {
  const { db, log, now, leaseMs, backoff } = options;
  let stopping = false;
  /** Rows whose job is done but whose `sent` mark did not get written, with when they were done. */
  const doneUnmarked = new Map<number, Date>();

  async function runRow(row: OutboxRow): Promise<void> {
    if (doneUnmarked.has(row.id)) return markRemembered();
    try {
      await options.handle(row);
    } catch (error) {
      return settleFailure(row, options.classify?.(row, error) ?? { kind: 'error' }, error);
    }
    const at = now();
    doneUnmarked.set(row.id, at);
    await markOutboxSent(db, row.id, at);
    doneUnmarked.delete(row.id);
  }

  async function settleFailure(row: OutboxRow, failure: OutboxFailure, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const final =
      failure.kind === 'final'
        ? failure.status
        : failure.kind === 'error' && row.attempts >= (options.maxAttempts ?? Infinity)
          ? 'failed'
          : null;
    if (final) {
      log.warn({ outboxId: row.id, kind: row.kind, status: final, err: message }, options.givenUpLog);
      return markOutboxFinal(db, row.id, final, message);
    }
    log.warn({ outboxId: row.id, kind: row.kind, attempts: row.attempts, err: message }, options.retryLog);
    const at = failure.kind === 'retry_at' ? failure.at : retryTime(row.attempts);
    await markOutboxRetry(db, row.id, at, message);
  }

  function retryTime(attempts: number): Date {
    const delay = Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.max(0, attempts - 1));
    // Jitter spreads the retries of many rows; it only ever shortens a delay, so the cap holds.
    const shortened = delay * (1 - Math.random() * (backoff.jitter ?? 0));
    return new Date(now().getTime() + shortened);
  }

  /** Writes the marks that failed earlier; false from markOutboxSent (someone else's now) is fine too. */
  async function markRemembered(): Promise<void> {
    for (const [id, at] of doneUnmarked) {
      await markOutboxSent(db, id, at);
      doneUnmarked.delete(id);
    }
  }

  /** Splits the batch into lanes (rows of a lane in claim order); rows with no lane are given up. */
  async function laneUp(rows: OutboxRow[], unfinished: Set<number>): Promise<OutboxRow[][]> {
    if (!options.lanes) return rows.length > 0 ? [rows] : [];
    const lanes = new Map<number | string, OutboxRow[]>();
    for (const row of rows) {
      let lane: number | string;
      try {
        lane = options.lanes.of(row);
      } catch {
        await markOutboxFinal(db, row.id, 'failed', `Unsendable outbox row ${row.kind}`);
        unfinished.delete(row.id);
        continue;
      }
      lanes.set(lane, [...(lanes.get(lane) ?? []), row]);
    }
    return [...lanes.values()];
  }

  async function runBatch(rows: OutboxRow[]): Promise<void> {
    const unfinished = new Set(rows.map((row) => row.id));
    const heartbeat = setInterval(() => {
      renewOutboxLease(db, [...unfinished], new Date(now().getTime() + leaseMs)).catch((error: unknown) =>
        log.warn({ err: error }, 'could not renew the outbox lease'),
      );
    }, leaseMs / 3);
    heartbeat.unref();
    try {
      const queues = await laneUp(rows, unfinished);
      const notStarted: number[] = [];
      const lane = async () => {
        for (let queue = queues.shift(); queue; queue = queues.shift()) {
          for (const row of queue) {
            if (stopping) {
              notStarted.push(row.id);
              continue;
            }
            // A failed mark (database gone) is logged; a done row's mark is retried before the next claim.
            await runRow(row).catch((error: unknown) =>
              log.error({ err: error, outboxId: row.id }, 'outbox row not marked'),
            );
            unfinished.delete(row.id);
          }
        }
      };
      const width = Math.min(options.lanes?.concurrency ?? 1, queues.length);
      await Promise.all(Array.from({ length: width }, lane));
      await releaseOutboxRows(db, notStarted, now());
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function drainOnce(): Promise<number> {
    // Before claiming: a row whose mark failed must not come back as a row to do.
    await markRemembered();
    const rows = await claimOutboxBatch(db, {
      kinds: options.kinds,
      limit: options.batchSize,
      now: now(),
      leaseMs,
    });
    if (rows.length > 0) await runBatch(rows);
    return rows.length;
  }

  // A pass that found rows is followed by another at once; an empty outbox is polled every pollMs.
  const job = periodic({
    name: options.name,
    every: options.pollMs,
    immediately: options.immediately ?? false,
    log,
    run: async () => ((await drainOnce()) > 0 ? 'more' : undefined),
  });

  return {
    name: job.name,
    start() {
      stopping = false;
      job.start();
    },
    async stop() {
      stopping = true;
      await job.stop();
      await markRemembered().catch((error: unknown) => log.error({ err: error }, 'sent outbox rows left unmarked'));
    },
    drainOnce,
  };
}
