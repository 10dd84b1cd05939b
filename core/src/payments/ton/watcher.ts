import { tonCore } from '../../ton-core.js';
import { eq, min, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.js';
import { chainCursors, orders } from '../../db/schema.js';
import { settlePaymentInTransaction, type SettleResult } from '../settle.js';
import type { IndexedTransaction, TonIndexer } from './indexer.js';
import { incomingTransfer } from './transfer.js';
import { periodic, type Job } from '../../jobs/periodic.js';
import type { Logger } from '../../logger.js';
import { checkResaleLegs, paysOrder, tellBuyerResaleFailed } from './resale-legs.js';

export interface TonWatcherOptions {
  db: Database;
  indexer: TonIndexer;
  /** TON_RECEIVER_ADDRESS, in any form. */
  receiver: string;
  now: () => Date;
  log: Logger;
  /** Transactions asked for per request. */
  pageSize?: number;
  /** Pause between polls when all is well (TON makes a block about every 5 seconds). */
  intervalMs?: number;
  /** Longest pause after repeated failures (indexer down, database down). */
  maxBackoffMs?: number;
}

/** Its `stop` waits for the transaction being settled, never leaving one half done. */
export interface TonWatcher extends Job {
  /** Reads and settles everything new; the number of transactions settled. */
  pollOnce(): Promise<number>;
}

/** With no read position yet, reading starts this long before the first TON order (or now). */
const FIRST_READ_MARGIN_S = 60 * 60;
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Confirms TON payments: reads the receiver's transactions from the indexer, oldest first, and settles each
 * in its own database transaction that also moves the read position to it. The position is therefore
 * never past a transaction that is not settled: a crash mid-way re-reads that transaction on restart, and
 * the ledger's unique (method, hash) makes a second settlement a no-op. Several API processes may run a
 * watcher at once; they settle the same transactions at most once and only ever move the position forward.
 */
export function createTonWatcher(options: TonWatcherOptions): TonWatcher {
  const { db, indexer, log, pageSize = 50, intervalMs = 5_000, maxBackoffMs = 60_000 } = options;
  const account = tonCore().Address.parse(options.receiver).toRawString();

  async function poll(signal: AbortSignal): Promise<number> {
    let cursor = await readCursor(db, account);
    let settled = 0;
    while (!signal.aborted) {
      const page = await indexer.transactions(
        cursor
          ? { account, startLt: cursor + 1n, limit: pageSize }
          : { account, startUtime: await firstReadUtime(db, options.now()), limit: pageSize },
        signal,
      );
      const fresh = page
        .filter((tx) => cursor === null || BigInt(tx.lt) > cursor)
        .sort((a, b) => (BigInt(a.lt) < BigInt(b.lt) ? -1 : 1));
      for (const tx of fresh) {
        if (signal.aborted) return settled;
        await settleTransaction(tx, signal);
        cursor = BigInt(tx.lt);
        settled++;
      }
      if (page.length < pageSize || fresh.length === 0) break;
    }
    return settled;
  }

  async function settleTransaction(tx: IndexedTransaction, signal: AbortSignal): Promise<void> {
    const transfer = incomingTransfer(tx);
    const comment = transfer?.comment ?? '';
    const orderId = ORDER_ID.test(comment) ? comment.toLowerCase() : null;
    // A resale's fee leg: its other legs are read from the sender's transaction before settling.
    const legs = transfer ? await checkResaleLegs(db, indexer, transfer, orderId, signal) : null;
    const now = options.now();
    const result = await db.transaction(async (t) => {
      let settled: SettleResult | null = null;
      if (transfer) {
        settled = await settlePaymentInTransaction(
          t,
          {
            method: 'ton',
            ref: transfer.hash,
            orderId,
            amount: transfer.amountNano,
            currency: 'TON',
            details: {
              sender: transfer.sender,
              comment: transfer.comment,
              lt: tx.lt,
              utime: tx.now,
              ...(legs && { otherLegsPaid: legs.legsPaid }),
            },
          },
          {
            now,
            pays: paysOrder(legs),
            underpaid: (locked, order) => tellBuyerResaleFailed(locked, order, legs, transfer.hash),
          },
        );
      }
      await advanceCursor(t, account, tx, now);
      return settled;
    });
    if (result?.firstTime && result.outcome !== 'fulfilled') {
      log.warn(
        {
          hash: tx.hash,
          outcome: result.outcome,
          orderId: result.orderId,
          amountNano: transfer?.amountNano.toString(),
        },
        'TON payment recorded for the operator',
      );
    } else if (result?.firstTime) {
      log.info({ hash: tx.hash, orderId: result.orderId, edition: result.edition }, 'TON payment fulfilled an order');
    }
  }

  const job = periodic({
    name: 'TON watcher',
    every: intervalMs,
    backoff: { maxMs: maxBackoffMs },
    immediately: true,
    log,
    run: poll,
  });
  return { ...job, pollOnce: () => poll(new AbortController().signal) };
}

/** The logical time of the last settled transaction, or null before the first. */
export async function readCursor(db: DbOrTx, account: string): Promise<bigint | null> {
  const [row] = await db.select({ lt: chainCursors.lt }).from(chainCursors).where(eq(chainCursors.account, account));
  return row ? BigInt(row.lt) : null;
}

/** Moves the position to `tx`, and only forward (another watcher may already be further). */
async function advanceCursor(tx: DbOrTx, account: string, indexed: IndexedTransaction, now: Date): Promise<void> {
  await tx
    .insert(chainCursors)
    .values({ account, lt: indexed.lt, hash: indexed.hash, updatedAt: now })
    .onConflictDoUpdate({
      target: chainCursors.account,
      set: { lt: indexed.lt, hash: indexed.hash, updatedAt: now },
      setWhere: sql`${chainCursors.lt}::numeric < ${indexed.lt}::numeric`,
    });
}

/** Where to start without a position: a margin before the oldest TON order, so no payment for one is missed. */
async function firstReadUtime(db: DbOrTx, now: Date): Promise<number> {
  const [row] = await db
    .select({ oldest: min(orders.createdAt) })
    .from(orders)
    .where(eq(orders.paymentMethod, 'ton'));
  const from = row?.oldest ? new Date(row.oldest) : now;
  return Math.floor(from.getTime() / 1000) - FIRST_READ_MARGIN_S;
}
