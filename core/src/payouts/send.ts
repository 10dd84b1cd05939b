import { and, eq, sql } from 'drizzle-orm';
import { payoutMessages, payouts, type PayoutMessageRow } from '../db/schema.js';
import type { PayoutDeps } from './deps.js';

/**
 * Hands the stored message, exactly as signed, to the TON service. Sending it again is harmless: the
 * wallet runs one message per seqno, so a second copy is refused. An outage throws (the job backs off);
 * a refusal is left to the chain to explain (the next pass reads the message's fate).
 */
export async function sendPayoutMessage(deps: PayoutDeps, message: PayoutMessageRow): Promise<void> {
  const answer = await deps.sender.sendBoc(message.boc);
  if (answer === 'rejected') {
    deps.log.warn({ payoutMessage: message.id, seqno: message.seqno }, 'TON service refused a payout message');
    return;
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(payoutMessages)
      .set({ sends: sql`${payoutMessages.sends} + 1` })
      .where(eq(payoutMessages.id, message.id));
    await tx
      .update(payouts)
      .set({ status: 'sent' })
      .where(and(eq(payouts.messageId, message.id), eq(payouts.status, 'signed')));
  });
}
