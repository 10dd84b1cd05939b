import { and, eq, inArray } from 'drizzle-orm';
import { payoutMessages, payouts, type PayoutMessageRow, type PayoutRow } from '../db/schema.js';
import type { IndexedTransaction } from '../payments/ton/indexer.js';
import { tonCore } from '../ton-core.js';
import type { PayoutDeps } from './deps.js';
import { payoutSettled, transactionUrl } from './outcomes.js';

type OutMessage = IndexedTransaction['out_msgs'][number];

/**
 * The message ran in `tx`: each of its payouts whose transfer the wallet sent is confirmed; one the wallet
 * could not send (its balance ran short; W5 skips that transfer) is failed for an operator, never signed
 * again by itself, since the message that carried it can no longer run. What each payout pays for (a
 * refunded payment, the person told) changes in the same transaction.
 */
export async function settleLanded(deps: PayoutDeps, message: PayoutMessageRow, tx: IndexedTransaction): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (db) => {
    const carried = await db
      .select()
      .from(payouts)
      .where(and(eq(payouts.messageId, message.id), inArray(payouts.status, ['signed', 'sent'])));
    const unmatched = [...tx.out_msgs];
    for (const payout of carried) {
      const index = unmatched.findIndex((out) => pays(out, payout));
      const sent = index >= 0;
      if (sent) unmatched.splice(index, 1);
      await db
        .update(payouts)
        .set(
          sent
            ? { status: 'confirmed', settledAt: now }
            : { status: 'failed', settledAt: now, reason: 'the wallet ran the message without this transfer' },
        )
        .where(eq(payouts.id, payout.id));
      if (!sent) deps.log.error({ payout: payout.id, tx: tx.hash }, 'payout not sent by the payout wallet');
      await payoutSettled(db, payout, { sent, txUrl: transactionUrl(deps.wallet.network, tx.hash), now });
    }
    await db
      .update(payoutMessages)
      .set({ status: 'landed', txHash: tx.hash, settledAt: now })
      .where(eq(payoutMessages.id, message.id));
  });
}

function pays(out: OutMessage, payout: PayoutRow): boolean {
  if (!out.destination || out.value !== payout.amountNano.toString()) return false;
  const { Address } = tonCore();
  if (!Address.parse(out.destination).equals(Address.parse(payout.destination))) return false;
  return commentOf(out) === payout.comment;
}

function commentOf(out: OutMessage): string | undefined {
  const decoded = out.message_content?.decoded?.comment;
  if (decoded !== undefined) return decoded;
  const body = out.message_content?.body;
  if (!body) return undefined;
  try {
    const slice = tonCore().Cell.fromBase64(body).beginParse();
    return slice.loadUint(32) === 0 ? slice.loadStringTail() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The message can never run: its payouts are pending again, to be signed into a new message with the
 * wallet's current seqno. The only way a payout is signed twice, and only once the first can no longer pay.
 */
export async function expireMessage(deps: PayoutDeps, message: PayoutMessageRow): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (db) => {
    await db.update(payoutMessages).set({ status: 'expired', settledAt: now }).where(eq(payoutMessages.id, message.id));
    await db
      .update(payouts)
      .set({ status: 'pending', messageId: null, signedAt: null })
      .where(and(eq(payouts.messageId, message.id), inArray(payouts.status, ['signed', 'sent'])));
  });
  deps.log.warn({ payoutMessage: message.id, seqno: message.seqno }, 'payout message expired unrun; signing again');
}
