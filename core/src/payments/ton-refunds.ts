import { parseTon } from '@stickerdrop/shared';
import { and, eq, ne } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import { payments } from '../db/schema.js';
import type { RefundPayload, RefundRoute } from '../outbox/kinds/index.js';
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
 * to the seller and creator), or too little to be worth the fees.
 */
export function manualTonRefundReason(
  payment: PaymentRow,
  orderAmount: string,
  pay: PayTonRefund | undefined,
): string | undefined {
  if (!pay) return 'no payout wallet configured';
  if (!senderOf(payment)) return 'no sender address';
  const price = parseTon(orderAmount);
  if (price !== null && payment.amount < price) return 'only part of the payment reached the marketplace';
  if (payment.amount < MIN_AUTOMATIC_TON_REFUND_NANO) return 'below the fees of sending it back';
  return undefined;
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
 * writes nothing new. What cannot be automated stays `manual`, for the operator. Returns how the buyer's
 * notice says the money goes back.
 */
export async function refundTonPayment(
  db: Database,
  pay: PayTonRefund | undefined,
  job: RefundPayload,
): Promise<RefundRoute> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.method, 'ton'), eq(payments.ref, job.paymentRef)))
      .for('update');
    if (!payment || payment.refundStatus === 'refunded') return payment ? 'ton_wallet' : 'ton';
    const manual = manualTonRefundReason(payment, job.amount, pay);
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
      amountNano: payment.amount,
      comment: `Stickerdrop refund of order ${job.orderId.slice(0, 8)}`,
    });
    await tx.update(payments).set({ refundStatus: 'pending' }).where(notRefunded);
    return 'ton_wallet';
  });
}
