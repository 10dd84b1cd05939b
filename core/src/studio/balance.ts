import { formatTon, type PayoutState, type StudioBalance } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { creatorBalance, latestBalanceEntries } from '../balance/read.js';

/** Entries the studio lists under the figures; the CSV export has every sale. */
export const STUDIO_BALANCE_ENTRIES = 50;

/** PAYOUT_MIN's default: 1 TON. */
export const DEFAULT_PAYOUT_MIN_NANO = 1_000_000_000n;

/** A payout's status (core's lifecycle) as the creator reads it. */
export function payoutStateOf(status: string): PayoutState {
  if (status === 'confirmed') return 'paid';
  if (status === 'held' || status === 'failed') return status;
  return 'sending';
}

/**
 * The creator's balance as the studio shows it: the figures in TON, PAYOUT_MIN (Withdraw is offered from
 * it) and the latest entries behind them.
 */
export async function studioBalance(
  db: DbOrTx,
  creatorId: number,
  now: Date,
  payoutMinNano: bigint,
): Promise<StudioBalance> {
  const [sums, entries] = await Promise.all([
    creatorBalance(db, creatorId, now),
    latestBalanceEntries(db, creatorId, STUDIO_BALANCE_ENTRIES),
  ]);
  return {
    pending: formatTon(sums.pendingNano),
    available: formatTon(sums.availableNano),
    sending: formatTon(sums.sendingNano),
    paid: formatTon(sums.paidNano),
    payoutMin: formatTon(payoutMinNano),
    entries: entries.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      amount: formatTon(entry.amountNano),
      orderId: entry.orderId,
      packId: entry.packId,
      packTitle: entry.packTitle,
      serial: entry.serial,
      rail: entry.rail,
      createdAt: entry.createdAt.toISOString(),
      availableAt: entry.availableAt.toISOString(),
      pending: entry.availableAt.getTime() > now.getTime(),
      payoutState: entry.payoutStatus === null ? null : payoutStateOf(entry.payoutStatus),
    })),
  };
}
