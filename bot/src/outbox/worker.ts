import { GrammyError, HttpError } from 'grammy';
import { createOutboxConsumer, type Logger, type OutboxConsumer, type OutboxFailure } from '@stickerdrop/core';
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
export type OutboxWorker = OutboxConsumer;

/**
 * A claim is sized to a send, not to a batch: the worker renews it every third of it while it works
 * (sticker sets take many calls), so after a kill -9 the rows go out again within seconds.
 */
export const OUTBOX_LEASE_MS = 15_000;
/** Retries after an outage are at most this far apart: with the idle poll, under 30 s after Telegram returns. */
export const OUTBOX_MAX_BACKOFF_MS = 25_000;

/**
 * Sends what the outbox holds through the outbox's one claim loop (core's `createOutboxConsumer`): each
 * chat's rows in order, chats side by side within Telegram's limits, each row marked as soon as its send
 * is done, so a restart re-sends nothing that went out. A blocked user marks only their row
 * undeliverable; an outage (no network, 5xx, 429) retries with capped backoff for as long as it lasts.
 *
 * Delivery is at-least-once: only a process killed between the send and its mark leaves a row that is
 * sent a second time.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { now } = options;

  function classify(_row: unknown, error: unknown): OutboxFailure {
    if (error instanceof PermanentDeliveryError) return { kind: 'final', status: 'failed' };
    if (error instanceof GrammyError) {
      // Blocked, deactivated, never started the bot: nothing will ever reach this chat.
      if (error.error_code === 403 || /chat not found|user not found|PEER_ID_INVALID/i.test(error.description)) {
        return { kind: 'final', status: 'undeliverable' };
      }
      if (error.error_code === 429) {
        const seconds = error.parameters.retry_after ?? 1;
        return { kind: 'retry_at', at: new Date(now().getTime() + seconds * 1000) };
      }
      if (error.error_code >= 500) return { kind: 'outage' };
    } else if (error instanceof HttpError) {
      // Telegram unreachable: an outage delays, never loses.
      return { kind: 'outage' };
    }
    return { kind: 'error' };
  }

  return createOutboxConsumer({
    name: 'outbox worker',
    retryLog: 'outbox send failed; will retry',
    givenUpLog: 'outbox row given up',
    db: options.db,
    log: options.log,
    now,
    kinds: BOT_OUTBOX_KINDS,
    handle: (row) => deliver(row, options),
    classify,
    lanes: { of: recipientOf, concurrency: options.concurrency ?? 8 },
    leaseMs: options.leaseMs ?? OUTBOX_LEASE_MS,
    backoff: { firstMs: options.backoffMs ?? 5_000, maxMs: options.maxBackoffMs ?? OUTBOX_MAX_BACKOFF_MS, jitter: 0.2 },
    maxAttempts: options.maxAttempts ?? 8,
    batchSize: options.batchSize ?? 50,
    pollMs: options.idleDelayMs ?? 1000,
    immediately: true,
  });
}
