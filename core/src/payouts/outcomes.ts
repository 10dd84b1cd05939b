import { formatTon } from '@stickerdrop/shared';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import { balanceEntries, orders, packs, payments, type PayoutRow } from '../db/schema.js';
import { enqueueOutbox } from '../outbox/enqueue.js';
import { outboxKey } from '../outbox/keys.js';

/** How a refund payout names its payment: `payment:<payments.id>`. */
export const refundPays = (paymentId: number) => `payment:${paymentId}`;

function paymentIdOf(pays: string): number | undefined {
  const match = /^payment:(\d+)$/.exec(pays);
  return match ? Number(match[1]) : undefined;
}

/** The explorer's page of a transaction (toncenter gives its hash in base64; tonviewer reads hex). */
export function transactionUrl(network: 'mainnet' | 'testnet', hash: string): string {
  const hex = /^[0-9a-f]{64}$/i.test(hash) ? hash.toLowerCase() : Buffer.from(hash, 'base64').toString('hex');
  return `https://${network === 'testnet' ? 'testnet.' : ''}tonviewer.com/transaction/${hex}`;
}

/**
 * What a settled payout changes beyond itself, in the settlement's transaction: a refund's payment is
 * refunded (or, if the wallet could not send it, left to the operator as manual), and the person is told
 * once the money arrived; a creator's withdrawal needs no write (the ledger reads its payout's status).
 */
export async function payoutSettled(
  tx: Transaction,
  payout: PayoutRow,
  outcome: { sent: boolean; txUrl: string; now: Date },
): Promise<void> {
  if (payout.kind === 'refund') await refundSettled(tx, payout, outcome);
  else if (outcome.sent) await tellCreatorPaid(tx, payout, outcome.txUrl);
}

async function refundSettled(tx: Transaction, payout: PayoutRow, outcome: { sent: boolean; txUrl: string; now: Date }) {
  const paymentId = paymentIdOf(payout.pays);
  if (paymentId === undefined) return;
  await tx
    .update(payments)
    .set(outcome.sent ? { refundStatus: 'refunded', refundedAt: outcome.now } : { refundStatus: 'manual' })
    .where(eq(payments.id, paymentId));
  if (!outcome.sent) return;
  const [buyer] = await tx
    .select({ userId: orders.userId, title: packs.title })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(packs, eq(packs.id, orders.packId))
    .where(eq(payments.id, paymentId));
  // A payment that named no order has nobody to tell in Telegram.
  if (!buyer || buyer.userId <= 0) return;
  await enqueueOutbox(
    tx,
    'refund_paid',
    { userId: buyer.userId, amount: formatTon(payout.amountNano), title: buyer.title, txUrl: outcome.txUrl },
    outboxKey.refund_paid(payout.id),
  );
}

async function tellCreatorPaid(tx: Transaction, payout: PayoutRow, txUrl: string) {
  const [entry] = await tx
    .select({ creatorId: balanceEntries.creatorId })
    .from(balanceEntries)
    .where(eq(balanceEntries.payoutId, payout.id));
  if (!entry) return;
  await enqueueOutbox(
    tx,
    'payout_paid',
    { userId: entry.creatorId, amount: formatTon(payout.amountNano), txUrl },
    outboxKey.payout_paid(payout.id),
  );
}
