import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import {
  claimOutboxBatch,
  createOutboxConsumer,
  type Database,
  type OutboxFailure,
  type OutboxRow,
} from '@stickerdrop/core';
import { enqueueOutboxMessages, outboxKey, outboxMessage, tables } from '@stickerdrop/core/testing';
import { describeEachDatabase, freshDatabase } from '../../helpers.js';
import { recordingLog } from '../payments/fixtures.js';

const LEASE_MS = 15_000;
const SCHEDULE = { leaseMs: LEASE_MS, backoff: { firstMs: 1_000, maxMs: 4_000 }, batchSize: 10, pollMs: 50 };

describeEachDatabase('the outbox consumer: one claim, renew and backoff loop', (kind) => {
  let db: Database;
  let close: () => Promise<void>;
  /** A stepped clock: rows are due, leased and retried by it, never by the wall. */
  let now: Date;
  const advance = (ms: number) => void (now = new Date(now.getTime() + ms));

  beforeEach(async () => {
    ({ db, close } = await freshDatabase(kind));
    now = new Date(Date.now() + 60_000);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await close();
  });

  const rows = async () => {
    const all = await db.select().from(tables.outbox).orderBy(tables.outbox.id);
    return all.map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) }));
  };
  const drop = (userId: number) => ({
    ...outboxMessage('drop_opened', { packId: 1, userId, title: 'Cats' }, outboxKey.drop_opened(1, userId)),
    dueAt: now,
  });
  const notice = (buyerId: number) => ({
    ...outboxMessage(
      'refund_notice',
      { buyerId, title: 'Cats', reason: 'sold_out', route: 'stars' },
      outboxKey.refund_notice('stars', `charge-${buyerId}`),
    ),
    dueAt: now,
  });

  function consumer(
    handle: (row: OutboxRow) => Promise<void>,
    options: {
      classify?: (row: OutboxRow, error: unknown) => OutboxFailure;
      maxAttempts?: number;
      batchSize?: number;
    } = {},
  ) {
    const log = recordingLog();
    const worker = createOutboxConsumer({
      ...SCHEDULE,
      ...options,
      name: 'test consumer',
      retryLog: 'test failed; will retry',
      givenUpLog: 'test given up',
      db,
      log,
      now: () => now,
      kinds: ['drop_opened', 'refund_notice'],
      handle,
    });
    return { worker, log };
  }

  it('claims personal rows before bulk ones, marks each sent, and leaves nothing due', async () => {
    await enqueueOutboxMessages(db, [drop(1), drop(2), notice(3)]);
    const handled: string[] = [];
    const { worker } = consumer(async (row) => void handled.push(row.dedupeKey), { batchSize: 2 });

    expect(await worker.drainOnce()).toBe(2);
    expect(handled).toEqual(['drop_opened:1:1', 'refund-notice:stars:charge-3']);
    expect(await worker.drainOnce()).toBe(1);
    expect(handled[2]).toBe('drop_opened:1:2');
    expect((await rows()).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
      ['sent', 1],
    ]);
    expect(await worker.drainOnce()).toBe(0);
  });

  it('retries with doubling backoff up to its cap, honours a stated retry time, and gives up only on errors', async () => {
    await enqueueOutboxMessages(db, [notice(1), notice(2), notice(3)]);
    const failures: Record<number, OutboxFailure> = {
      1: { kind: 'outage' },
      2: { kind: 'error' },
      3: { kind: 'retry_at', at: new Date(now.getTime() + 120_000) },
    };
    const { worker, log } = consumer(
      async (row) => {
        throw new Error(`row of ${(row.payload as { buyerId: number }).buyerId} failed`);
      },
      { classify: (row) => failures[(row.payload as { buyerId: number }).buyerId]!, maxAttempts: 3 },
    );
    const start = now.getTime();
    const due = async () => (await rows()).map((row) => [row.status, row.nextAttemptAt.getTime() - start]);

    expect(await worker.drainOnce()).toBe(3);
    expect(await due()).toEqual([
      ['pending', 1_000],
      ['pending', 1_000],
      ['pending', 120_000],
    ]);
    advance(1_000);
    expect(await worker.drainOnce()).toBe(2);
    expect((await due()).slice(0, 2)).toEqual([
      ['pending', 3_000],
      ['pending', 3_000],
    ]);
    advance(2_000);
    expect(await worker.drainOnce()).toBe(2);
    // The third error gives up; the outage keeps going, its wait capped at 4 s.
    expect((await due())[0]).toEqual(['pending', 7_000]);
    expect((await rows())[1]!.status).toBe('failed');
    advance(4_000);
    expect(await worker.drainOnce()).toBe(1);
    expect((await due())[0]).toEqual(['pending', 11_000]);
    expect(log.lines.filter((line) => line.message === 'test given up')).toHaveLength(1);
    expect((await rows())[1]!.lastError).toBe('row of 2 failed');
  });

  it("takes a crashed consumer's rows back once its lease runs out, not before", async () => {
    await enqueueOutboxMessages(db, [notice(1), notice(2)]);
    // Claimed by a consumer that then died: nobody renews the lease.
    expect(await claimOutboxBatch(db, { kinds: ['refund_notice'], limit: 10, now, leaseMs: LEASE_MS })).toHaveLength(2);
    const handled: number[] = [];
    const { worker } = consumer(async (row) => void handled.push(row.id));

    advance(LEASE_MS - 1);
    expect(await worker.drainOnce()).toBe(0);
    advance(1);
    expect(await worker.drainOnce()).toBe(2);
    expect(handled).toHaveLength(2);
    expect((await rows()).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
  });

  it('renews the lease every third of it while a row is being handled', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await enqueueOutboxMessages(db, [notice(1)]);
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let finish!: () => void;
    const { worker } = consumer(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
          entered();
        }),
    );
    const start = now.getTime();
    const pass = worker.drainOnce();
    await inside;
    expect((await rows())[0]!.nextAttemptAt.getTime()).toBe(start + LEASE_MS);

    advance(LEASE_MS / 3);
    vi.advanceTimersByTime(LEASE_MS / 3);
    await vi.waitFor(async () =>
      expect((await rows())[0]!.nextAttemptAt.getTime()).toBe(start + LEASE_MS / 3 + LEASE_MS),
    );
    finish();
    expect(await pass).toBe(1);
    expect((await rows())[0]!.status).toBe('sent');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('on stop finishes the row in hand and hands back the rows it had not started, their attempt uncounted', async () => {
    await enqueueOutboxMessages(db, [notice(1), notice(2), notice(3)]);
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let finish!: () => void;
    const handled: number[] = [];
    const { worker } = consumer(async (row) => {
      handled.push(row.id);
      await new Promise<void>((resolve) => {
        finish = resolve;
        entered();
      });
    });
    worker.start();
    await inside;
    const stopped = worker.stop();
    finish();
    await stopped;

    expect(handled).toHaveLength(1);
    expect((await rows()).map((row) => [row.status, row.attempts, row.nextAttemptAt.getTime()])).toEqual([
      ['sent', 1, now.getTime() + LEASE_MS],
      ['pending', 0, now.getTime()],
      ['pending', 0, now.getTime()],
    ]);
  });
});
