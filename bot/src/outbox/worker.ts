import { GrammyError, HttpError } from 'grammy';
import {
  claimOutboxBatch,
  markOutboxFinal,
  markOutboxRetry,
  markOutboxSent,
  type OutboxRow,
  releaseOutboxRows,
} from '@stickerdrop/core';
import type { Logger } from '@stickerdrop/core';
import { BOT_OUTBOX_KINDS, deliver, recipientOf } from './deliveries.js';
import { PermanentDeliveryError, type DeliveryDeps } from './delivery-deps.js';

export interface OutboxWorkerOptions extends Omit<DeliveryDeps, 'acquire'> {
  log: Logger;
  /** Paces messages (Telegram's limits); shared with the API client that reports 429s to it. */
  acquire: DeliveryDeps['acquire'];
  batchSize?: number;
  /** How long to wait when nothing is due. */
  idleDelayMs?: number;
  /** How long a claimed batch stays this worker's; a crashed worker's rows come back after it. */
  leaseMs?: number;
  /** Chats served at once within a batch (each chat's rows stay in order). */
  concurrency?: number;
  /** A row failing for reasons other than an outage gives up after this many attempts. */
  maxAttempts?: number;
  /** First retry delay; doubles per attempt up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

export interface OutboxWorker {
  /** Drains until stopped. */
  start(): void;
  /** Finishes the sends in flight, hands back the rest of the batch, and resolves when idle. */
  stop(): Promise<void>;
  /** One claim-and-send pass; the number of rows claimed. */
  drainOnce(): Promise<number>;
}

type Outcome =
  | { kind: 'sent' }
  | { kind: 'retry'; at: Date; error: string }
  | { kind: 'final'; status: 'failed' | 'undeliverable'; error: string };

/**
 * Sends what the outbox holds: claims due rows (FOR UPDATE SKIP LOCKED, so several workers can run),
 * sends each within Telegram's limits, and marks each row as soon as its send is done, so a restart
 * re-sends nothing that went out. A blocked user marks only their row undeliverable; an outage (no
 * network, 5xx, 429) retries with backoff for as long as it lasts.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const {
    db,
    log,
    now,
    batchSize = 50,
    idleDelayMs = 1000,
    leaseMs = 5 * 60_000,
    concurrency = 8,
    maxAttempts = 8,
    backoffMs = 5_000,
    maxBackoffMs = 15 * 60_000,
  } = options;
  let running = false;
  let stopping = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  async function sendRow(row: OutboxRow): Promise<void> {
    const outcome = await attempt(row);
    if (outcome.kind === 'sent') {
      await markOutboxSent(db, row.id, now());
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
    const jitter = 0.8 + Math.random() * 0.4;
    return new Date(now().getTime() + delay * jitter);
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
    for (const row of unsendable) await markOutboxFinal(db, row.id, 'failed', `Unsendable outbox row ${row.kind}`);

    const queues = [...byChat.values()];
    const notStarted: number[] = [];
    const lane = async () => {
      for (let queue = queues.shift(); queue; queue = queues.shift()) {
        for (const row of queue) {
          if (stopping) {
            notStarted.push(row.id);
            continue;
          }
          // A failure to mark (database gone) leaves the row claimed; its lease brings it back.
          await sendRow(row).catch((error: unknown) =>
            log.error({ err: error, outboxId: row.id }, 'outbox row not marked'),
          );
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queues.length) }, lane));
    await releaseOutboxRows(db, notStarted, now());
  }

  async function drainOnce(): Promise<number> {
    const rows = await claimOutboxBatch(db, { kinds: BOT_OUTBOX_KINDS, limit: batchSize, now: now(), leaseMs });
    if (rows.length > 0) await sendBatch(rows);
    return rows.length;
  }

  async function run(): Promise<void> {
    while (!stopping) {
      let claimed = 0;
      try {
        claimed = await drainOnce();
      } catch (error) {
        log.error({ err: error }, 'outbox worker pass failed');
      }
      if (claimed === 0 && !stopping) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, idleDelayMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      stopping = false;
      loop = run();
    },
    async stop() {
      stopping = true;
      wake?.();
      await loop;
      running = false;
    },
    drainOnce,
  };
}
