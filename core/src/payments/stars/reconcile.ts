import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { payments } from '../../db/schema.js';
import { refundStarsNow, tellBuyer } from '../refunds.js';
import type { PaymentsTelegram, StarTransaction } from '../telegram.js';
import { periodic, type Job } from '../../jobs/periodic.js';
import type { Logger } from '../../logger.js';
import type { BalanceTerms } from '../../balance/terms.js';
import { revokeRefundedStarsEdition, unrefundedStarsPurchases } from './revoke.js';
import { settleStarsPayment, STARS_CURRENCY } from './services.js';

export interface StarsReconcilerOptions {
  db: Database;
  telegram: PaymentsTelegram;
  now: () => Date;
  log: Logger;
  /** PRIMARY_FEE_BPS for the creator's credit of a payment settled here; the default when absent. */
  balance?: BalanceTerms;
  intervalMs?: number;
  pageSize?: number;
  /** Pages read per pass (Telegram lists the bot's whole history). */
  maxPages?: number;
}

export interface StarsReconciler extends Job {
  /** Settles every Stars payment Telegram has that the ledger does not; how many it settled. */
  reconcileOnce(): Promise<number>;
}

/**
 * The safety net under the bot's `successful_payment` handler. The bot settles inside the update, so a
 * crash re-delivers it; but an error the bot's error boundary swallows (the database away for a moment)
 * would confirm the update unsettled. This pass reads the bot's Star transactions from Telegram
 * (getStarTransactions) and settles any invoice payment the ledger does not know, refunding it when it
 * cannot buy an edition, exactly as the bot would have. Payments already refunded are left alone; one
 * that bought an edition and that Telegram refunded without us (a dispute) takes the edition back.
 */
export function createStarsReconciler(options: StarsReconcilerOptions): StarsReconciler {
  const { db, telegram, log, intervalMs = 5 * 60_000, pageSize = 100, maxPages = 20 } = options;

  async function reconcile(signal: AbortSignal): Promise<number> {
    const refunded = new Set<string>();
    const incoming: Array<{ tx: StarTransaction; payerId: number; payload: string }> = [];
    for (let page = 0; page < maxPages && !signal.aborted; page++) {
      const { transactions } = await telegram.getStarTransactions({ offset: page * pageSize, limit: pageSize });
      for (const tx of transactions) {
        if (tx.receiver?.type === 'user') refunded.add(tx.id);
        const { source } = tx;
        if (source?.type === 'user' && source.transaction_type === 'invoice_payment' && source.user) {
          incoming.push({ tx, payerId: source.user.id, payload: source.invoice_payload ?? '' });
        }
      }
      if (transactions.length < pageSize) break;
    }
    await revokeRefundedEditions([...refunded], signal);
    let settled = 0;
    for (const { tx, payerId, payload } of incoming) {
      if (signal.aborted) break;
      if (refunded.has(tx.id) || (await known(db, tx.id))) continue;
      const now = options.now();
      const result = await settleStarsPayment(db, {
        payload,
        chargeId: tx.id,
        payerId,
        currency: STARS_CURRENCY,
        totalAmount: tx.amount,
        now,
        ...(options.balance && { balance: options.balance }),
      });
      if (!result.firstTime) continue;
      settled++;
      log.warn(
        { chargeId: tx.id, outcome: result.outcome, orderId: result.orderId },
        'Stars payment settled by reconciliation',
      );
      if (result.outcome === 'fulfilled') continue;
      const done = await refundStarsNow(db, {
        orderId: result.orderId,
        chargeId: tx.id,
        payerId,
        now,
        refund: (userId, chargeId) => telegram.refundStarPayment(userId, chargeId),
      });
      if (done) {
        const reason = (await ledgerReason(db, tx.id)) ?? result.outcome;
        await tellBuyer(db, tx.id, { buyerId: payerId, title: null, reason, route: 'stars' });
      }
    }
    return settled;
  }

  /** Refunds Telegram made that we did not: the editions those payments bought are taken back. */
  async function revokeRefundedEditions(refundedCharges: string[], signal: AbortSignal): Promise<void> {
    for (const chargeId of await unrefundedStarsPurchases(db, refundedCharges)) {
      if (signal.aborted) return;
      const outcome = await revokeRefundedStarsEdition(db, { chargeId, now: options.now() });
      log.warn({ chargeId, outcome }, 'Stars payment refunded outside the marketplace');
    }
  }

  const job = periodic({ name: 'Stars reconciliation', every: intervalMs, log, run: reconcile });
  return { ...job, reconcileOnce: () => reconcile(new AbortController().signal) };
}

/** The ledger's reason, in the words the buyer's notice uses (underpaid and unmatched are their own). */
async function ledgerReason(db: Database, chargeId: string): Promise<string | null> {
  const [row] = await db
    .select({ outcome: payments.outcome, reason: payments.reason })
    .from(payments)
    .where(and(eq(payments.method, 'stars'), eq(payments.ref, chargeId)));
  if (!row) return null;
  return row.outcome === 'refund_required' ? row.reason : row.outcome;
}

async function known(db: Database, chargeId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.method, 'stars'), eq(payments.ref, chargeId)));
  return row !== undefined;
}
