import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { payouts, type PayoutRow } from '../db/schema.js';
import { tonCore } from '../ton-core.js';

export type PayoutKind = 'creator_payout' | 'refund';

export interface PayoutIntent {
  kind: PayoutKind;
  /** What it pays (`payment:42`, `balance:7:2026-12-01`): one payout per thing paid, whoever asks twice. */
  pays: string;
  destination: string;
  amountNano: bigint;
  /** The transfer's comment: what it pays, in words the receiver reads in their wallet. */
  comment: string;
}

export class PayoutIntentError extends Error {}

/**
 * Writes what the payout wallet owes, inside the caller's transaction when given one (the ledger's entry
 * and its payout commit together). A second call for the same `pays` returns the first payout unchanged.
 */
export async function requestPayout(db: DbOrTx, intent: PayoutIntent): Promise<PayoutRow> {
  checkIntent(intent);
  const destination = tonCore().Address.parse(intent.destination).toRawString();
  const [written] = await db
    .insert(payouts)
    .values({ ...intent, destination, status: 'pending' })
    .onConflictDoNothing({ target: payouts.pays })
    .returning();
  if (written) return written;
  const [existing] = await db.select().from(payouts).where(eq(payouts.pays, intent.pays));
  return existing!;
}

function checkIntent(intent: PayoutIntent): void {
  if (intent.amountNano <= 0n) throw new PayoutIntentError('A payout must be more than zero');
  if (!intent.pays.trim()) throw new PayoutIntentError('A payout must name what it pays');
  // A text comment must fit one cell with its 32-bit prefix (123 bytes).
  if (!intent.comment.trim() || Buffer.byteLength(intent.comment) > 123) {
    throw new PayoutIntentError('A payout comment is 1 to 123 bytes');
  }
  const { Address } = tonCore();
  if (!Address.isFriendly(intent.destination) && !Address.isRaw(intent.destination)) {
    throw new PayoutIntentError('A payout goes to a TON address');
  }
}

/**
 * An operator lets a held payout go: it is signed with the next batch, past the caps. Returns whether
 * the payout was held.
 */
export async function releaseHeldPayout(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const released = await db
    .update(payouts)
    .set({ status: 'pending', approvedAt: now, reason: null })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'held')))
    .returning({ id: payouts.id });
  return released.length > 0;
}

/** Payouts by status, for the operator and tests. */
export async function payoutCounts(db: DbOrTx): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: payouts.status, count: sql<number>`count(*)::int` })
    .from(payouts)
    .groupBy(payouts.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}
