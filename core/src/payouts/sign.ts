import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import { payoutMessages, payouts, type PayoutMessageRow, type PayoutRow } from '../db/schema.js';
import { MESSAGE_VALID_SECONDS, type PayoutDeps } from './deps.js';
import { MAX_TRANSFERS_PER_MESSAGE } from './wallet.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Signs the next batch of pending payouts into one external message and stores it, in the transaction
 * that marks them signed: from then on only that message (sent again and again) can pay them. Payouts
 * above a cap are held instead. Returns the stored message, or undefined when there was nothing to sign.
 * The caller has checked that no message is in flight; a racing signer fails on the in-flight index.
 */
export async function signPayoutBatch(deps: PayoutDeps): Promise<PayoutMessageRow | undefined> {
  const { db, wallet } = deps;
  const waiting = await db.select({ id: payouts.id }).from(payouts).where(eq(payouts.status, 'pending')).limit(1);
  if (waiting.length === 0) return undefined;
  const seqno = await nextSeqno(deps);
  const now = deps.now();
  return db.transaction(async (tx) => {
    const batch = await takeWithinCaps(tx, deps, now);
    if (batch.length === 0) return undefined;
    const validUntil = Math.floor(now.getTime() / 1000) + MESSAGE_VALID_SECONDS;
    const signed = wallet.sign({ seqno, validUntil, transfers: batch });
    const [message] = await tx
      .insert(payoutMessages)
      .values({ wallet: wallet.raw, seqno, validUntil: new Date(validUntil * 1000), ...signed, signedAt: now })
      .returning();
    const ids = batch.map((payout) => payout.id);
    await tx
      .update(payouts)
      .set({ status: 'signed', messageId: message!.id, signedAt: now })
      .where(inArray(payouts.id, ids));
    return message!;
  });
}

/**
 * The chain's seqno, or one past the last message seen on chain when the service has not caught up with
 * it yet (a message signed with a stale seqno would only be refused, but it costs a validity period).
 */
async function nextSeqno(deps: PayoutDeps): Promise<number> {
  const chain = await deps.sender.walletSeqno(deps.wallet.raw);
  const [last] = await deps.db
    .select({ seqno: payoutMessages.seqno })
    .from(payoutMessages)
    .where(and(eq(payoutMessages.wallet, deps.wallet.raw), eq(payoutMessages.status, 'landed')))
    .orderBy(desc(payoutMessages.seqno))
    .limit(1);
  return Math.max(chain, last ? last.seqno + 1 : 0);
}

/** The oldest pending payouts that fit the caps (an operator's release passes them); the rest are held. */
async function takeWithinCaps(tx: Transaction, deps: PayoutDeps, now: Date): Promise<PayoutRow[]> {
  const pending = await tx
    .select()
    .from(payouts)
    .where(eq(payouts.status, 'pending'))
    .orderBy(asc(payouts.id))
    .limit(MAX_TRANSFERS_PER_MESSAGE)
    .for('update', { skipLocked: true });
  let dayTotal = await paidInLastDay(tx, now);
  const batch: PayoutRow[] = [];
  for (const payout of pending) {
    const reason = payout.approvedAt ? undefined : capExceeded(deps.caps, payout.amountNano, dayTotal);
    if (reason) {
      await tx.update(payouts).set({ status: 'held', reason }).where(eq(payouts.id, payout.id));
      continue;
    }
    dayTotal += payout.amountNano;
    batch.push(payout);
  }
  return batch;
}

function capExceeded(caps: PayoutDeps['caps'], amount: bigint, dayTotal: bigint): string | undefined {
  if (amount > caps.maxNano) return 'above PAYOUT_MAX_TON';
  if (dayTotal + amount > caps.dailyMaxNano) return 'above PAYOUT_DAILY_MAX_TON';
  return undefined;
}

/** What the wallet signed in the last 24 hours and has not given back (expired messages' payouts are pending again). */
async function paidInLastDay(tx: Transaction, now: Date): Promise<bigint> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${payouts.amountNano}), 0)::text` })
    .from(payouts)
    .where(
      and(
        inArray(payouts.status, ['signed', 'sent', 'confirmed']),
        gt(payouts.signedAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  return BigInt(row!.total);
}
