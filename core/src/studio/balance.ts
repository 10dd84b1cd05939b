import { formatTon, type StudioBalance } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { creatorBalance, latestBalanceEntries } from '../balance/read.js';

/** Entries the studio lists under the figures; the CSV export has every sale. */
export const STUDIO_BALANCE_ENTRIES = 50;

/** The creator's balance as the studio shows it: the three figures in TON and the latest entries behind them. */
export async function studioBalance(db: DbOrTx, creatorId: number, now: Date): Promise<StudioBalance> {
  const [sums, entries] = await Promise.all([
    creatorBalance(db, creatorId, now),
    latestBalanceEntries(db, creatorId, STUDIO_BALANCE_ENTRIES),
  ]);
  return {
    pending: formatTon(sums.pendingNano),
    available: formatTon(sums.availableNano),
    paid: formatTon(sums.paidNano),
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
    })),
  };
}
