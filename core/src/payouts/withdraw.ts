import { formatTon, STUDIO_ERRORS } from '@stickerdrop/shared';
import { desc, eq } from 'drizzle-orm';
import { creatorBalance } from '../balance/read.js';
import type { Database, Transaction } from '../db/client.js';
import { balanceEntries, payouts, users, type PayoutRow } from '../db/schema.js';
import { DomainError } from '../errors.js';
import { requestPayout } from './intents.js';

/** What a withdrawal answers: the payout carrying the money, and whether this call wrote it. */
export interface Withdrawal {
  payout: PayoutRow;
  created: boolean;
}

export interface WithdrawInput {
  creatorId: number;
  now: Date;
  /** PAYOUT_MIN: less than this available is refused. */
  minNano: bigint;
}

/**
 * Moves the creator's whole available balance into one payout to their linked wallet, with the ledger's
 * negative `payout` entry in the same transaction: the available figure drops at once, and rises again only
 * if the payout fails. The creator's row is locked first, so two withdrawals run one after the other, and
 * the payout's `pays` names the newest ledger entry: a second tap right after the first finds that entry is
 * its own payout and less than PAYOUT_MIN left, and answers with the payout already on its way.
 */
export async function withdrawBalance(db: Database, input: WithdrawInput): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const [creator] = await tx
      .select({ wallet: users.walletAddress })
      .from(users)
      .where(eq(users.id, input.creatorId))
      .for('update');
    if (!creator?.wallet) throw new DomainError('wallet_required', STUDIO_ERRORS.withdrawNeedsWallet);
    const newest = await newestEntry(tx, input.creatorId);
    const { availableNano } = await creatorBalance(tx, input.creatorId, input.now);
    if (availableNano < input.minNano && newest?.payoutId) {
      const [earlier] = await tx.select().from(payouts).where(eq(payouts.id, newest.payoutId));
      if (earlier && earlier.status !== 'failed') return { payout: earlier, created: false };
    }
    if (availableNano < 0n) throw new DomainError('balance_too_low', STUDIO_ERRORS.balanceOwed);
    if (availableNano === 0n) throw new DomainError('balance_too_low', STUDIO_ERRORS.nothingToWithdraw);
    if (availableNano < input.minNano) throw new DomainError('balance_too_low', STUDIO_ERRORS.belowPayoutMinimum);
    const payout = await writePayout(tx, input, creator.wallet, newest!.id, availableNano);
    return { payout, created: true };
  });
}

async function newestEntry(tx: Transaction, creatorId: number) {
  const [entry] = await tx
    .select({ id: balanceEntries.id, payoutId: balanceEntries.payoutId })
    .from(balanceEntries)
    .where(eq(balanceEntries.creatorId, creatorId))
    .orderBy(desc(balanceEntries.id))
    .limit(1);
  return entry;
}

/** The payout and its ledger entry, exact to the nanoton. */
async function writePayout(
  tx: Transaction,
  input: WithdrawInput,
  wallet: string,
  newestEntryId: number,
  amountNano: bigint,
): Promise<PayoutRow> {
  const payout = await requestPayout(tx, {
    kind: 'creator_payout',
    pays: `balance:${input.creatorId}:${newestEntryId}`,
    destination: wallet,
    amountNano,
    comment: `Stickerdrop payout: ${formatTon(amountNano)} TON for your sales`,
  });
  await tx
    .insert(balanceEntries)
    .values({
      creatorId: input.creatorId,
      amountNano: -payout.amountNano,
      kind: 'payout',
      payoutId: payout.id,
      rail: 'ton',
      createdAt: input.now,
      availableAt: input.now,
    })
    .onConflictDoNothing({ target: balanceEntries.payoutId });
  return payout;
}
