import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { payments } from '../db/schema.js';
import { claimOutboxBatch, claimOutboxRow, markOutboxRetry, markOutboxSent, type OutboxRow } from '../outbox/drain.js';
import { enqueueOutbox, findOutboxPayload, readOutboxPayload } from '../outbox/enqueue.js';
import { outboxKey } from '../outbox/keys.js';
import type { RefundNoticePayload, RefundPayload, RefundRoute } from '../db/outbox-payloads.js';
import { periodic, type Job } from '../jobs/periodic.js';
import type { Logger } from '../logger.js';
import type { Stripe } from './stripe/client.js';
import { telegramRefusal, type PaymentsTelegram } from './telegram.js';

export interface RefundDeps {
  db: Database;
  telegram: PaymentsTelegram | undefined;
  stripe: Stripe | undefined;
  now: () => Date;
}

export class RefundUnavailableError extends Error {}

const LEASE_MS = 5 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/** Telegram answers a second refund of one charge with this; the Stars are back either way. */
export function isAlreadyRefunded(error: unknown): boolean {
  return /CHARGE_ALREADY_REFUNDED/i.test(telegramRefusal(error)?.description ?? '');
}

/** The payment went back to the buyer: the ledger says so. */
export async function markPaymentRefunded(db: Database, method: string, ref: string, now: Date): Promise<void> {
  await db
    .update(payments)
    .set({ refundStatus: 'refunded', refundedAt: now })
    .where(and(eq(payments.method, method), eq(payments.ref, ref)));
}

/**
 * Carries out one `refund_required` job of the outbox: Stars go back with refundStarPayment, card
 * payments with a Stripe refund (idempotency key per session, so a retry never refunds twice); TON stays
 * with the operator (`refund_status = manual` in the ledger). The buyer is told in Telegram either way, by
 * the bot (a `refund_notice` row).
 * Throws when the refund could not be made now; the job is retried.
 */
export async function executeRefund(deps: RefundDeps, job: RefundPayload): Promise<void> {
  const now = deps.now();
  const route = (['stars', 'stripe', 'ton'].includes(job.paymentMethod) ? job.paymentMethod : 'demo') as RefundRoute;
  if (route === 'stars') {
    if (!deps.telegram) throw new RefundUnavailableError('Stars refund needs BOT_TOKEN');
    await deps.telegram.refundStarPayment(job.buyerId, job.paymentRef).catch((error: unknown) => {
      if (!isAlreadyRefunded(error)) throw error;
    });
    await markPaymentRefunded(deps.db, 'stars', job.paymentRef, now);
  } else if (route === 'stripe') {
    if (!deps.stripe) throw new RefundUnavailableError('Card refund needs STRIPE_SECRET_KEY');
    const session = await deps.stripe.checkout.sessions.retrieve(job.paymentRef);
    const paymentIntent =
      typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!paymentIntent) throw new RefundUnavailableError(`Checkout session ${job.paymentRef} has no payment intent`);
    await deps.stripe.refunds.create(
      { payment_intent: paymentIntent, metadata: { orderId: job.orderId, reason: job.reason } },
      { idempotencyKey: `refund:${job.paymentRef}` },
    );
    await markPaymentRefunded(deps.db, 'stripe', job.paymentRef, now);
  }
  await tellBuyer(deps.db, job.paymentRef, { buyerId: job.buyerId, title: job.title, reason: job.reason, route });
}

/** The bot tells the buyer, once per payment (a retried refund writes no second notice). */
export async function tellBuyer(db: Database, paymentRef: string, notice: RefundNoticePayload): Promise<void> {
  await enqueueOutbox(db, 'refund_notice', notice, outboxKey.refund_notice(notice.route, paymentRef));
}

/**
 * The bot's own refund of a Stars payment it just settled without an edition, while the buyer is still
 * in the chat. It takes the outbox job first (so the worker does not refund and message twice); when the
 * worker holds it already, nothing is done here. Payments with no job (below the price, unknown order)
 * are refunded directly. Returns whether this call refunded.
 */
export async function refundStarsNow(
  db: Database,
  input: {
    orderId: string | null;
    chargeId: string;
    payerId: number;
    now: Date;
    refund(userId: number, chargeId: string): Promise<unknown>;
  },
): Promise<boolean> {
  const key = input.orderId ? outboxKey.refund_required(input.orderId, 'stars', input.chargeId) : null;
  let jobId: number | null = null;
  if (key) {
    const claimed = await claimOutboxRow(db, key, { now: input.now, leaseMs: LEASE_MS });
    if (claimed) jobId = claimed.id;
    else if (await findOutboxPayload(db, 'refund_required', key)) return false;
  }
  try {
    await input.refund(input.payerId, input.chargeId).catch((error: unknown) => {
      if (!isAlreadyRefunded(error)) throw error;
    });
  } catch (error) {
    if (jobId !== null) await markOutboxRetry(db, jobId, input.now, String(error));
    throw error;
  }
  await markPaymentRefunded(db, 'stars', input.chargeId, input.now);
  if (jobId !== null) await markOutboxSent(db, jobId, input.now);
  return true;
}

export interface RefundWorker extends Job {
  drainOnce(): Promise<number>;
}

/** Drains `refund_required` jobs: each refunded (or handed to the operator) and its buyer told, retried until done. */
export function createRefundWorker(deps: RefundDeps & { log: Logger; intervalMs?: number }): RefundWorker {
  const intervalMs = deps.intervalMs ?? 5_000;

  async function runJob(row: OutboxRow): Promise<void> {
    const job = readOutboxPayload(row, 'refund_required');
    try {
      await executeRefund(deps, job);
      await markOutboxSent(deps.db, row.id, deps.now());
      deps.log.info({ orderId: job.orderId, method: job.paymentMethod, reason: job.reason }, 'refund job done');
    } catch (error) {
      const delay = Math.min(MAX_BACKOFF_MS, 10_000 * 2 ** Math.max(0, row.attempts - 1));
      deps.log.error({ err: error, orderId: job.orderId, attempts: row.attempts }, 'refund failed; will retry');
      await markOutboxRetry(deps.db, row.id, new Date(deps.now().getTime() + delay), String(error));
    }
  }

  async function drainOnce(): Promise<number> {
    const rows = await claimOutboxBatch(deps.db, {
      kinds: ['refund_required'],
      limit: 20,
      now: deps.now(),
      leaseMs: LEASE_MS,
    });
    for (const row of rows) await runJob(row);
    return rows.length;
  }

  const job = periodic({ name: 'refund worker', every: intervalMs, log: deps.log, run: drainOnce });
  return { ...job, drainOnce };
}
