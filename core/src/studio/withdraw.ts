import { formatTon, STUDIO_ERRORS, type StudioWithdrawal } from '@stickerdrop/shared';
import type { Database } from '../db/client.js';
import { DomainError } from '../errors.js';
import { withdrawBalance } from '../payouts/withdraw.js';
import { payoutStateOf, studioBalance } from './balance.js';

export interface StudioWithdrawInput {
  creatorId: number;
  now: Date;
  /** PAYOUT_MIN. */
  minNano: bigint;
  /** Whether the payout wallet is configured (TON_PAYOUT_MNEMONIC): without it nothing would ever be sent. */
  payoutsOn: boolean;
}

/**
 * The studio's Withdraw: the creator's whole available balance into one payout to their linked wallet (see
 * `withdrawBalance`), answered with the payout and the balance after it. `created` is false when a second
 * tap found the payout the first one wrote.
 */
export async function withdrawFromStudio(
  db: Database,
  input: StudioWithdrawInput,
): Promise<StudioWithdrawal & { created: boolean }> {
  if (!input.payoutsOn) throw new DomainError('unavailable', STUDIO_ERRORS.payoutsOff);
  const { payout, created } = await withdrawBalance(db, input);
  const balance = await studioBalance(db, input.creatorId, input.now, input.minNano);
  return {
    created,
    payout: { id: payout.id, amount: formatTon(payout.amountNano), state: payoutStateOf(payout.status) },
    balance,
  };
}
