import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { balanceEntries, packs, type BalanceEntryKind } from '../db/schema.js';
import { queryRows } from '../db/sql-rows.js';

/** A creator's balance at `now`, in nanotons. */
export interface CreatorBalance {
  /** Credited, but the rail could still take the money back. */
  pendingNano: bigint;
  /** The marketplace may pay it out: available credits less what was paid out. */
  availableNano: bigint;
  paidNano: bigint;
}

/**
 * Sums the creator's entries: a credit or reversal is pending until its `available_at`, then available;
 * a payout leaves the available figure at once and adds to the paid one.
 */
export async function creatorBalance(db: DbOrTx, creatorId: number, now: Date): Promise<CreatorBalance> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await queryRows<{ pending: string; available: string; paid: string }>(
    db,
    sql`select
      coalesce(sum(amount_nano) filter (where kind <> 'payout' and available_at > ${at}), 0)::text as pending,
      coalesce(sum(amount_nano) filter (where kind = 'payout' or available_at <= ${at}), 0)::text as available,
      coalesce(-sum(amount_nano) filter (where kind = 'payout'), 0)::text as paid
    from balance_entries where creator_id = ${creatorId}`,
  );
  return { pendingNano: BigInt(row!.pending), availableNano: BigInt(row!.available), paidNano: BigInt(row!.paid) };
}

/** One entry as the studio lists it: traceable to its sale by order, pack and serial. */
export interface BalanceEntryView {
  id: number;
  kind: BalanceEntryKind;
  amountNano: bigint;
  orderId: string | null;
  packId: number | null;
  packTitle: string | null;
  serial: number | null;
  rail: string;
  createdAt: Date;
  availableAt: Date;
}

/** The creator's latest entries, newest first. */
export async function latestBalanceEntries(db: DbOrTx, creatorId: number, limit: number): Promise<BalanceEntryView[]> {
  return db
    .select({
      id: balanceEntries.id,
      kind: balanceEntries.kind,
      amountNano: balanceEntries.amountNano,
      orderId: balanceEntries.orderId,
      packId: balanceEntries.packId,
      packTitle: packs.title,
      serial: balanceEntries.serial,
      rail: balanceEntries.rail,
      createdAt: balanceEntries.createdAt,
      availableAt: balanceEntries.availableAt,
    })
    .from(balanceEntries)
    .leftJoin(packs, eq(packs.id, balanceEntries.packId))
    .where(eq(balanceEntries.creatorId, creatorId))
    .orderBy(desc(balanceEntries.id))
    .limit(limit);
}
