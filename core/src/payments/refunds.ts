import { and, eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client.js';
import { reclaimCreatorShare } from '../balance/debt.js';
import { payments } from '../db/schema.js';
import { claimOutboxRow, markOutboxRetry, markOutboxSent } from '../outbox/drain.js';
import { createOutboxConsumer, type OutboxConsumer, type OutboxSchedule } from '../outbox/consumer.js';
import { enqueueOutbox, findOutboxPayload, readOutboxPayload } from '../outbox/enqueue.js';
import { outboxKey } from '../outbox/keys.js';
import type { RefundNoticePayload, RefundPayload, RefundRoute } from '../outbox/kinds/index.js';
import type { Logger } from '../logger.js';
import type { Stripe } from './stripe/client.js';
import { telegramRefusal, type PaymentsTelegram } from './telegram.js';
import { creatorShareToReclaim, refundTonPayment, type PayTonRefund } from './ton-refunds.js';

export interface RefundDeps {
  db: Database;
  telegram: PaymentsTelegram | undefined;
  stripe: Stripe | undefined;
  now: () => Date;
  /** The payout wallet, when TON_PAYOUT_MNEMONIC is set: TON refunds are then paid, not left to the operator. */
  payTonRefund?: PayTonRefund | undefined;
}

export class RefundUnavailableError extends Error {}

/** Telegram answers a second refund of one charge with this; the Stars are back either way. */
export function isAlreadyRefunded(error: unknown): boolean {
  return /CHARGE_ALREADY_REFUNDED/i.test(telegramRefusal(error)?.description ?? '');
}

/**
 * A Stars or card payment went back through its rail's own refund: the ledger says so and, when the
 * marketplace refunded it because it removed the pack, the creator gives their share back, as a TON refund's
 * creator does (`creatorShareToReclaim`): a credit still pending was reversed by the takedown already, one
 * past its hold becomes a debt. One transaction: a retried job writes neither twice.
 */
async function recordRailRefund(db: Database, method: 'stars' | 'stripe', job: RefundPayload, now: Date) {
  await db.transaction(async (tx) => {
    await markPaymentRefunded(tx, method, job.paymentRef, now);
    const claim = await creatorShareToReclaim(tx, { orderId: job.orderId }, job.reason, now);
    if (claim) await reclaimCreatorShare(tx, claim);
  });
}

/** The payment went back to the buyer: the ledger says so. */
export async function markPaymentRefunded(db: DbOrTx, method: string, ref: string, now: Date): Promise<void> {
  await db
    .update(payments)
    .set({ refundStatus: 'refunded', refundedAt: now })
    .where(and(eq(payments.method, method), eq(payments.ref, ref)));
}

/**
 * Carries out one `refund_required` job of the outbox: Stars go back with refundStarPayment, card
 * payments with a Stripe refund (idempotency key per session, so a retry never refunds twice); TON through
 * the payout wallet, one payout per payment, or, when that cannot be automated, with the operator
 * (`refund_status = manual`; see ton-refunds.ts). The buyer is told in Telegram either way, by the bot (a
 * `refund_notice` row). Throws when the refund could not be made now; the job is retried.
 */
export async function executeRefund(deps: RefundDeps, job: RefundPayload): Promise<void> {
  const now = deps.now();
  let route = (['stars', 'stripe', 'ton'].includes(job.paymentMethod) ? job.paymentMethod : 'demo') as RefundRoute;
  if (route === 'stars') {
    if (!deps.telegram) throw new RefundUnavailableError('Stars refund needs BOT_TOKEN');
    await deps.telegram.refundStarPayment(job.buyerId, job.paymentRef).catch((error: unknown) => {
      if (!isAlreadyRefunded(error)) throw error;
    });
    await recordRailRefund(deps.db, 'stars', job, now);
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
    await recordRailRefund(deps.db, 'stripe', job, now);
  } else if (route === 'ton') {
    route = await refundTonPayment(deps.db, deps.payTonRefund, job, now);
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
    const claimed = await claimOutboxRow(db, key, { now: input.now, leaseMs: REFUND_SCHEDULE.leaseMs });
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

export type RefundWorker = OutboxConsumer;

/**
 * Drains `refund_required` jobs through the outbox's one claim loop: each refunded (or handed to the
 * operator) and its buyer told, retried until done. A refund call can be slow (Stripe), so the lease is
 * long; its retries wait from 10 s up to an hour, however long the rail is away.
 */
export const REFUND_SCHEDULE = {
  leaseMs: 5 * 60_000,
  backoff: { firstMs: 10_000, maxMs: 60 * 60_000 },
  batchSize: 20,
  pollMs: 5_000,
} satisfies OutboxSchedule;

export function createRefundWorker(deps: RefundDeps & { log: Logger; intervalMs?: number }): RefundWorker {
  return createOutboxConsumer({
    ...REFUND_SCHEDULE,
    pollMs: deps.intervalMs ?? REFUND_SCHEDULE.pollMs,
    name: 'refund worker',
    retryLog: 'refund failed; will retry',
    givenUpLog: 'refund given up',
    db: deps.db,
    log: deps.log,
    now: deps.now,
    kinds: ['refund_required'],
    async handle(row) {
      const job = readOutboxPayload(row, 'refund_required');
      await executeRefund(deps, job);
      deps.log.info({ orderId: job.orderId, method: job.paymentMethod, reason: job.reason }, 'refund job done');
    },
  });
}
