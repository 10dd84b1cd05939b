import { parseTon } from '@stickerdrop/shared';
import { and, eq, ne } from 'drizzle-orm';
import { reclaimCreatorShare, type CreatorShareClaim } from '../balance/debt.js';
import type { Database, Transaction } from '../db/client.js';
import { orders, packs, payments } from '../db/schema.js';
import type { RefundPayload, RefundReason, RefundRoute } from '../outbox/kinds/index.js';
import { primaryLegsOf } from '../sales/ton-legs.js';
import { tonCore } from '../ton-core.js';

/** A TON refund handed to the marketplace's own wallet: what goes back, where, with which comment. */
export interface TonRefund {
  paymentId: number;
  destination: string;
  amountNano: bigint;
  comment: string;
}

/**
 * Writes a TON refund's payout in the caller's transaction, one per payment however often it is asked
 * (the payout wallet's `requestPayout`, handed in by the process that runs the payout wallet).
 */
export type PayTonRefund = (tx: Transaction, refund: TonRefund) => Promise<void>;

/** Below this a refund costs about as much in fees as it returns: the operator decides. */
export const MIN_AUTOMATIC_TON_REFUND_NANO = 10_000_000n;

type PaymentRow = typeof payments.$inferSelect;

/**
 * Why a TON payment cannot go back by itself, or undefined when it can: no payout wallet configured, no
 * sender address recorded, less than the order's price received (part of a resale's payment went straight
 * to the seller and creator), or too little to be worth the fees. `fullPriceNano` is what goes back when
 * the marketplace refunds a primary sale in full, the creator's leg paid on chain included
 * (`creatorShareToReclaim`): then having received only the fee leg is expected.
 */
export function manualTonRefundReason(
  payment: PaymentRow,
  orderAmount: string,
  pay: PayTonRefund | undefined,
  fullPriceNano?: bigint,
): string | undefined {
  if (!pay) return 'no payout wallet configured';
  if (!senderOf(payment)) return 'no sender address';
  const price = parseTon(orderAmount);
  const refunded = fullPriceNano ?? payment.amount;
  if (price !== null && refunded < price) return 'only part of the payment reached the marketplace';
  if (refunded < MIN_AUTOMATIC_TON_REFUND_NANO) return 'below the fees of sending it back';
  return undefined;
}

/**
 * Refunds the marketplace makes because it removed the pack: a primary sale goes back in full, its creator's
 * share included, and the creator gives that share back (`reclaimCreatorShare`).
 */
const REMOVAL_REFUNDS: ReadonlySet<RefundReason> = new Set(['taken_down', 'pack_removed']);

/**
 * Payments that bought nothing: the order's edition was sold out, or its buyer owned one already. When the
 * buyer's transaction paid the creator's leg on chain, the creator was paid for no sale, so that leg comes
 * back as for a removal. (A second payment for a paid order does not: its order has a sale, whose share a
 * takedown may still have to take back, and an order has one reversal.)
 */
const NOTHING_BOUGHT: ReadonlySet<RefundReason> = new Set(['sold_out', 'already_owned']);

/**
 * What the creator got for a primary sale the marketplace refunds because it removed the pack, or for a
 * payment that bought nothing while it paid the creator's leg on chain; null for any other refund, which
 * gives back what the marketplace received. When the buyer's transaction paid the creator's leg to their
 * wallet, the marketplace received only the fee leg, and both go back.
 */
export async function creatorShareToReclaim(
  tx: Transaction,
  payment: Pick<PaymentRow, 'orderId'>,
  reason: RefundReason,
  at: Date,
): Promise<CreatorShareClaim | null> {
  const removal = REMOVAL_REFUNDS.has(reason);
  if ((!removal && !NOTHING_BOUGHT.has(reason)) || !payment.orderId) return null;
  const [order] = await tx
    .select({ kind: orders.kind, payment: orders.payment, creatorId: packs.creatorId })
    .from(orders)
    .innerJoin(packs, eq(packs.id, orders.packId))
    .where(eq(orders.id, payment.orderId));
  if (order?.kind !== 'primary') return null;
  const leg = primaryLegsOf(order.payment)?.creator;
  if (!removal && !leg) return null;
  return {
    creatorId: order.creatorId,
    orderId: payment.orderId,
    paidOnChainNano: leg ? BigInt(leg.amount) : null,
    at,
  };
}

/** The wallet a TON payment came from, as the watcher recorded it (raw form). */
export function senderOf(payment: Pick<PaymentRow, 'senderAddress'>): string | undefined {
  const sender = payment.senderAddress;
  if (!sender) return undefined;
  const { Address } = tonCore();
  return Address.isFriendly(sender) || Address.isRaw(sender) ? sender : undefined;
}

/**
 * A `refund_required` TON payment goes back to the wallet it came from through the payout wallet: its
 * payout (`payment:<id>`) is written with the payment marked pending, in one transaction, so a retried job
 * writes nothing new. A primary sale refunded because the marketplace removed its pack goes back in full,
 * the creator's leg paid on chain included, and the creator's ledger takes their share back, in the same
 * transaction. What cannot be automated stays `manual`, for the operator (then the ledger is left to them
 * too). Returns how the buyer's notice says the money goes back.
 */
export async function refundTonPayment(
  db: Database,
  pay: PayTonRefund | undefined,
  job: RefundPayload,
  now: Date,
): Promise<RefundRoute> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.method, 'ton'), eq(payments.ref, job.paymentRef)))
      .for('update');
    if (!payment || payment.refundStatus === 'refunded') return payment ? 'ton_wallet' : 'ton';
    const claim = await creatorShareToReclaim(tx, payment, job.reason, now);
    // What the buyer sent in all: the fee leg the marketplace received and the leg its creator did.
    const fullPrice = claim?.paidOnChainNano != null ? payment.amount + claim.paidOnChainNano : undefined;
    const manual = manualTonRefundReason(payment, job.amount, pay, fullPrice);
    const notRefunded = and(eq(payments.id, payment.id), ne(payments.refundStatus, 'refunded'));
    if (manual) {
      await tx
        .update(payments)
        .set({ refundStatus: 'manual', details: { ...payment.details, manualRefund: manual } })
        .where(notRefunded);
      return 'ton';
    }
    await pay!(tx, {
      paymentId: payment.id,
      destination: senderOf(payment)!,
      amountNano: fullPrice ?? payment.amount,
      comment: `Stickerdrop refund of order ${job.orderId.slice(0, 8)}`,
    });
    if (claim) await reclaimCreatorShare(tx, claim);
    await tx.update(payments).set({ refundStatus: 'pending' }).where(notRefunded);
    return 'ton_wallet';
  });
}
