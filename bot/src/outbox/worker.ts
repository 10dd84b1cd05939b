import { GrammyError, HttpError } from 'grammy';
import {
  claimOutboxBatch,
  markOutboxFinal,
  markOutboxRetry,
  markOutboxSent,
  type OutboxRow,
  releaseOutboxRows,
  renewOutboxLease,
} from '@stickerdrop/core';
import { periodic, type Job, type Logger } from '@stickerdrop/core';
import { BOT_OUTBOX_KINDS, deliver, recipientOf } from './deliveries.js';
import { PermanentDeliveryError, type DeliveryDeps } from './delivery-deps.js';

export interface OutboxWorkerOptions extends Omit<DeliveryDeps, 'acquire'> {
  log: Logger;
  /** Paces messages (Telegram's limits); shared with the API client that reports 429s to it. */
  acquire: DeliveryDeps['acquire'];
  batchSize?: number;
  /** How long to wait when nothing is due. */
  idleDelayMs?: number;
  /** How long a claim holds unless renewed; a crashed worker's rows come back after it. */
  leaseMs?: number;
  /** Chats served at once within a batch (each chat's rows stay in order). */
  concurrency?: number;
  /** A row failing for reasons other than an outage gives up after this many attempts. */
  maxAttempts?: number;
  /** First retry delay; doubles per attempt up to `maxBackoffMs` (Telegram's retry_after wins over both). */
  backoffMs?: number;
  maxBackoffMs?: number;
}

/** Drains until stopped; `stop` finishes the sends in flight, hands back the rest of the batch, and resolves when idle. */
export interface OutboxWorker extends Job {
  /** One claim-and-send pass; the number of rows claimed. */
  drainOnce(): Promise<number>;
}

/**
 * A claim is sized to a send, not to a batch: the worker renews it every third of it while it works
 * (sticker sets take many calls), so after a kill -9 the rows go out again within seconds.
 */
export const OUTBOX_LEASE_MS = 15_000;
/** Retries after an outage are at most this far apart: with the idle poll, under 30 s after Telegram returns. */
export const OUTBOX_MAX_BACKOFF_MS = 25_000;

type Outcome =
  | { kind: 'sent' }
  | { kind: 'retry'; at: Date; error: string }
  | { kind: 'final'; status: 'failed' | 'undeliverable'; error: string };

/**
 * Sends what the outbox holds: claims due rows (FOR UPDATE SKIP LOCKED, so several workers can run),
 * sends each within Telegram's limits, and marks each row as soon as its send is done, so a restart
 * re-sends nothing that went out. A blocked user marks only their row undeliverable; an outage (no
 * network, 5xx, 429) retries with capped backoff for as long as it lasts.
 *
 * Delivery is at-least-once: a message whose `sent` mark fails (the database went away just then) is
 * remembered and marked before this worker claims anything else, never sent again by it; only a
 * process killed between the send and the mark leaves a row that is sent a second time.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const {
    db,
    log,
    now,
    batchSize = 50,
    idleDelayMs = 1000,
    leaseMs = OUTBOX_LEASE_MS,
    concurrency = 8,
    maxAttempts = 8,
    backoffMs = 5_000,
    maxBackoffMs = OUTBOX_MAX_BACKOFF_MS,
  } = options;
  let stopping = false;
  /** Rows whose message went out but whose `sent` mark did not get written, with when they went. */
  const sentUnmarked = new Map<number, Date>();

  async function sendRow(row: OutboxRow): Promise<void> {
    if (sentUnmarked.has(row.id)) return markRemembered();
    const outcome = await attempt(row);
    if (outcome.kind === 'sent') {
      const at = now();
      sentUnmarked.set(row.id, at);
      await markOutboxSent(db, row.id, at);
      sentUnmarked.delete(row.id);
      return;
    }
    if (outcome.kind === 'retry') {
      log.warn(
        { outboxId: row.id, kind: row.kind, attempts: row.attempts, err: outcome.error },
        'outbox send failed; will retry',
      );
      await markOutboxRetry(db, row.id, outcome.at, outcome.error);
      return;
    }
    log.warn({ outboxId: row.id, kind: row.kind, status: outcome.status, err: outcome.error }, 'outbox row given up');
    await markOutboxFinal(db, row.id, outcome.status, outcome.error);
  }

  async function attempt(row: OutboxRow): Promise<Outcome> {
    try {
      await deliver(row, options);
      return { kind: 'sent' };
    } catch (error) {
      return classify(row, error);
    }
  }

  function classify(row: OutboxRow, error: unknown): Outcome {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof PermanentDeliveryError) return { kind: 'final', status: 'failed', error: message };
    if (error instanceof GrammyError) {
      // Blocked, deactivated, never started the bot: nothing will ever reach this chat.
      if (error.error_code === 403 || /chat not found|user not found|PEER_ID_INVALID/i.test(error.description)) {
        return { kind: 'final', status: 'undeliverable', error: message };
      }
      if (error.error_code === 429) {
        const seconds = error.parameters.retry_after ?? 1;
        return { kind: 'retry', at: new Date(now().getTime() + seconds * 1000), error: message };
      }
      if (error.error_code >= 500) return { kind: 'retry', at: backoff(row.attempts), error: message };
    } else if (error instanceof HttpError) {
      // Telegram unreachable: an outage delays, never loses.
      return { kind: 'retry', at: backoff(row.attempts), error: message };
    }
    if (row.attempts >= maxAttempts) return { kind: 'final', status: 'failed', error: message };
    return { kind: 'retry', at: backoff(row.attempts), error: message };
  }

  function backoff(attempts: number): Date {
    const delay = Math.min(maxBackoffMs, backoffMs * 2 ** Math.max(0, attempts - 1));
    // Jitter spreads the retries of many rows; it only ever shortens a delay, so the cap holds.
    const jitter = 0.8 + Math.random() * 0.2;
    return new Date(now().getTime() + delay * jitter);
  }

  /** Writes the marks that failed earlier; false from markOutboxSent (someone else's now) is fine too. */
  async function markRemembered(): Promise<void> {
    for (const [id, at] of sentUnmarked) {
      await markOutboxSent(db, id, at);
      sentUnmarked.delete(id);
    }
  }

  /** Rows of one chat in order; chats side by side, at most `concurrency` at a time. */
  async function sendBatch(rows: OutboxRow[]): Promise<void> {
    const byChat = new Map<number, OutboxRow[]>();
    const unsendable: OutboxRow[] = [];
    for (const row of rows) {
      let chatId: number;
      try {
        chatId = recipientOf(row);
      } catch {
        unsendable.push(row);
        continue;
      }
      byChat.set(chatId, [...(byChat.get(chatId) ?? []), row]);
    }
    const unfinished = new Set(rows.map((row) => row.id));
    const heartbeat = setInterval(() => {
      renewOutboxLease(db, [...unfinished], new Date(now().getTime() + leaseMs)).catch((error: unknown) =>
        log.warn({ err: error }, 'could not renew the outbox lease'),
      );
    }, leaseMs / 3);
    heartbeat.unref();
    try {
      for (const row of unsendable) {
        await markOutboxFinal(db, row.id, 'failed', `Unsendable outbox row ${row.kind}`);
        unfinished.delete(row.id);
      }
      await sendQueues([...byChat.values()], unfinished);
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function sendQueues(queues: OutboxRow[][], unfinished: Set<number>): Promise<void> {
    const notStarted: number[] = [];
    const lane = async () => {
      for (let queue = queues.shift(); queue; queue = queues.shift()) {
        for (const row of queue) {
          if (stopping) {
            notStarted.push(row.id);
            continue;
          }
          // A failed mark (database gone) is logged; a sent row's mark is retried before the next claim.
          await sendRow(row).catch((error: unknown) =>
            log.error({ err: error, outboxId: row.id }, 'outbox row not marked'),
          );
          unfinished.delete(row.id);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queues.length) }, lane));
    await releaseOutboxRows(db, notStarted, now());
  }

  async function drainOnce(): Promise<number> {
    // Before claiming: a row whose mark failed must not come back as a row to send.
    await markRemembered();
    const rows = await claimOutboxBatch(db, { kinds: BOT_OUTBOX_KINDS, limit: batchSize, now: now(), leaseMs });
    if (rows.length > 0) await sendBatch(rows);
    return rows.length;
  }

  // A pass that found rows is followed by another at once; an empty outbox is polled every idleDelayMs.
  const job = periodic({
    name: 'outbox worker',
    every: idleDelayMs,
    immediately: true,
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
