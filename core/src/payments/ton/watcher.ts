import { setTimeout as sleep } from 'node:timers/promises';
import { tonCore } from '../../ton-core.js';
import { eq, min, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.js';
import { chainCursors, orders } from '../../db/schema.js';
import { settlePayment } from '../settle.js';
import type { IndexedTransaction, TonIndexer } from './indexer.js';
import { incomingTransfer, rawAddressOf, type IncomingTransfer } from './transfer.js';
import { SettlingQueue } from './settling-queue.js';
import { periodic, type Job } from '../../jobs/periodic.js';
import type { Logger } from '../../logger.js';
import type { BalanceTerms } from '../../balance/terms.js';
import { checkOtherLegs, paysOrder, tellBuyerResaleFailed } from './other-legs.js';
import type { AwaitedTonPayments } from './awaited.js';

export interface TonWatcherOptions {
  db: Database;
  indexer: TonIndexer;
  /** TON_RECEIVER_ADDRESS, in any form. */
  receiver: string;
  now: () => Date;
  log: Logger;
  /** The creator's share of a primary sale (PRIMARY_FEE_BPS), credited as it settles; the defaults without. */
  balance?: BalanceTerms;
  /**
   * Transactions asked for per request (toncenter v3 gives up to 1,000): a drop's transfers land faster than
   * pages of 100 settled, one read after another, and a larger page settles in the same few groups.
   */
  pageSize?: number;
  /**
   * Transactions read and not yet settled, at most, before the next page is read (they settle together, in
   * the settlement's group commit).
   */
  settleConcurrency?: number;
  /**
   * Pause between polls when all is well. A buyer who paid waits for this: TON's shard blocks come about
   * every second, and two polls a second are within toncenter's limit for a key (the `api_key` in
   * TON_INDEXER_URL; ten requests a second).
   */
  intervalMs?: number;
  /**
   * Pause after a poll that settled something (at most `intervalMs`), counted from that poll's start by
   * `now`: payments come in bursts (a drop), and the next ones are then read this soon rather than a whole
   * interval later; a poll that took longer reads again at once, and polls stay this far apart.
   */
  followUpMs?: number;
  /** Longest pause after repeated failures (indexer down, database down). */
  maxBackoffMs?: number;
  /**
   * When this process last handed out TON payment instructions: the first poll comes within
   * `awaitedPollMs` of it, and polls stay that far apart while a transfer may be on its way.
   */
  awaited?: AwaitedTonPayments;
  /** The pause between polls while a payment is awaited (at least `followUpMs`). */
  awaitedPollMs?: number;
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
 * Settlements in hand at once before the next read waits: a page's worth. They settle in the settlement's
 * groups (a few transactions, each on one pool connection), so a drop's page costs a few commits under the
 * pack's row lock instead of one each.
 */
const DEFAULT_SETTLE_CONCURRENCY = 250;

/** A transaction as read: its incoming transfer, null for one that pays nothing. */
interface Read {
  tx: IndexedTransaction;
  transfer: IncomingTransfer | null;
}

/** The order a transfer's comment names, or null. */
function orderIdOf(transfer: IncomingTransfer | null): string | null {
  const comment = transfer?.comment ?? '';
  return ORDER_ID.test(comment) ? comment.toLowerCase() : null;
}

/**
 * Confirms TON payments: reads the receiver's transactions from the indexer, oldest first, a page at a time,
 * and settles them as they are read (settling-queue.ts: payments for one order in turn, oldest first; together
 * they share the settlement's group commit). The read position then moves to the last transaction before which
 * every one is settled, never past one that is not: a crash mid-page re-reads the page on restart, and the ledger's
 * unique (method, hash) makes a second settlement of a transaction a no-op. Several API processes may run a
 * watcher at once; they settle the same transactions at most once and only ever move the position forward.
 */
export function createTonWatcher(options: TonWatcherOptions): TonWatcher {
  const { db, indexer, log, pageSize = 250, intervalMs = 500, maxBackoffMs = 60_000 } = options;
  const concurrency = options.settleConcurrency ?? DEFAULT_SETTLE_CONCURRENCY;
  const followUpMs = options.followUpMs ?? 100;
  const account = tonCore().Address.parse(options.receiver).toRawString();
  const followUp = Math.min(followUpMs, intervalMs);
  /** What is left, by `now`, of the follow-up pause counted from `since`. */
  const followUpLeft = (since: number) => followUp - (options.now().getTime() - since);
  const awaitedPoll = Math.max(followUp, Math.min(options.awaitedPollMs ?? 200, intervalMs));

  /** A page of the receiver's transactions after `after` (the first ever read starts from a margin). */
  async function readPage(after: bigint | null, signal: AbortSignal) {
    const page = await indexer.transactions(
      after
        ? { account, startLt: after + 1n, limit: pageSize }
        : { account, startUtime: await firstReadUtime(db, options.now()), limit: pageSize },
      signal,
    );
    const fresh = page
      .filter((tx) => after === null || BigInt(tx.lt) > after)
      .sort((a, b) => (BigInt(a.lt) < BigInt(b.lt) ? -1 : 1))
      .map((tx) => ({ tx, transfer: incomingTransfer(tx) }));
    return { fresh, full: page.length >= pageSize };
  }

  /**
   * Reads page after page and settles their transactions as they come (settling-queue.ts): the next page
   * is read at the follow-up pace while the last ones settle, at once after a full page; the poll ends once
   * a page was short and all it read is settled. The read position moves past settled transactions only.
   */
  async function poll(signal: AbortSignal): Promise<number> {
    let readUpTo = await readCursor(db, account);
    let settled = 0;
    const queue = new SettlingQueue<Read>({
      orderOf: ({ transfer }) => orderIdOf(transfer),
      settle: (item) => settleTransaction(item.tx, item.transfer, signal),
      signal,
    });
    const advance = async () => {
      const passed = queue.takeSettled();
      const last = passed.at(-1);
      if (last) await advanceCursor(db, account, last.tx, options.now());
      settled += passed.length;
    };
    try {
      while (!signal.aborted && !queue.failure) {
        while (queue.unsettled >= concurrency && !queue.failure) await settledOrPaced(queue, followUp);
        const readAt = options.now().getTime();
        const page = await readPage(readUpTo, signal);
        const last = page.fresh.at(-1);
        if (last) readUpTo = BigInt(last.tx.lt);
        queue.add(page.fresh);
        if (!page.full && (await settledOrPaced(queue, followUpLeft(readAt)))) break;
        await advance();
      }
    } finally {
      await queue.idle();
      await advance();
    }
    if (queue.failure) throw queue.failure.error;
    return settled;
  }

  async function settleTransaction(
    tx: IndexedTransaction,
    transfer: IncomingTransfer | null,
    signal: AbortSignal,
  ): Promise<void> {
    // A bounce, a failed or an outgoing transaction pays nothing: the read position just passes it.
    if (!transfer) return;
    const orderId = orderIdOf(transfer);
    // A fee leg of an order with other legs (a resale, a primary sale paying its creator): those are read
    // from the sender's transaction before settling.
    const legs = await checkOtherLegs(db, indexer, transfer, orderId, signal);
    const now = options.now();
    const payment = {
      method: 'ton' as const,
      ref: transfer.hash,
      orderId,
      amount: transfer.amountNano,
      currency: 'TON',
      details: {
        // Raw form: the ledger's sender_address, where a refund of this payment goes back to.
        sender: rawAddressOf(transfer.sender) ?? transfer.sender,
        comment: transfer.comment,
        lt: tx.lt,
        utime: tx.now,
        ...(legs && { otherLegsPaid: legs.legsPaid }),
      },
    };
    const result = await settlePayment(db, payment, {
      now,
      ...(options.balance && { balance: options.balance }),
      pays: paysOrder(legs),
      underpaid: (locked, order) => tellBuyerResaleFailed(locked, order, legs, transfer.hash),
    });
    if (result.firstTime && result.outcome !== 'fulfilled') {
      log.warn(
        { hash: tx.hash, outcome: result.outcome, orderId: result.orderId, amountNano: transfer.amountNano.toString() },
        'TON payment recorded for the operator',
      );
    } else if (result.firstTime) {
      log.info({ hash: tx.hash, orderId: result.orderId, edition: result.edition }, 'TON payment fulfilled an order');
    }
  }

  const job = periodic({
    name: 'TON watcher',
    every: intervalMs,
    backoff: { maxMs: maxBackoffMs },
    immediately: true,
    log,
    async run(signal) {
      const startedAt = options.now().getTime();
      const settled = await poll(signal);
      if (settled === 0) return options.awaited?.awaited() ? { pauseMs: awaitedPoll } : settled;
      const pause = followUpLeft(startedAt);
      if (pause > 0) await sleep(pause, undefined, { signal, ref: false }).catch(() => undefined);
      return 'more';
    },
  });
  let stopListening: (() => void) | undefined;
  return {
    ...job,
    start() {
      job.start();
      stopListening ??= options.awaited?.listen(() => job.hurry(awaitedPoll));
    },
    async stop() {
      stopListening?.();
      stopListening = undefined;
      await job.stop();
    },
    pollOnce: () => poll(new AbortController().signal),
  };
}

/** True once all that was read is settled, false once `waitMs` are over, whichever comes first. */
async function settledOrPaced<T>(queue: SettlingQueue<T>, waitMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const paced = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, waitMs))));
  try {
    return await Promise.race([queue.idle().then(() => true), paced]);
  } finally {
    clearTimeout(timer);
  }
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
