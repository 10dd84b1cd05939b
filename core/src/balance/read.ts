import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { balanceEntries, packs, payouts, type BalanceEntryKind } from '../db/schema.js';
import { queryRows } from '../db/sql-rows.js';

/** A creator's balance at `now`, in nanotons. */
export interface CreatorBalance {
  /** Credited, but the rail could still take the money back. */
  pendingNano: bigint;
  /** The marketplace may pay it out: available credits less what was withdrawn (a failed payout comes back). */
  availableNano: bigint;
  /** Withdrawn and on its way: the payout is written, signed or sent, not yet seen on chain. */
  sendingNano: bigint;
  /** Withdrawn and seen arriving on chain. */
  paidNano: bigint;
}

/**
 * The available figure's sum over entries `e` left-joined with their payouts `p`: credits and reversals
 * past their `available_at`, less withdrawals whose payout has not failed. The automatic payouts use it too.
 */
export function availableSum(at: SQL): SQL {
  return sql`coalesce(sum(e.amount_nano) filter (
    where (e.kind <> 'payout' and e.available_at <= ${at}) or (e.kind = 'payout' and p.status <> 'failed')
  ), 0)`;
}

/** What a payout entry's payout status means for the figures. */
const PAYOUT_SENDING = sql.raw(`('pending', 'held', 'signed', 'sent')`);

/**
 * Sums the creator's entries: a credit or reversal is pending until its `available_at`, then available;
 * a withdrawal leaves the available figure at once (unless its payout failed, so the money never left), is
 * sending while its payout is on its way, and paid once the chain shows it arrived.
 */
export async function creatorBalance(db: DbOrTx, creatorId: number, now: Date): Promise<CreatorBalance> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await queryRows<{ pending: string; available: string; sending: string; paid: string }>(
    db,
    sql`select
      coalesce(sum(e.amount_nano) filter (where e.kind <> 'payout' and e.available_at > ${at}), 0)::text as pending,
      ${availableSum(at)}::text as available,
      coalesce(-sum(e.amount_nano) filter (where p.status in ${PAYOUT_SENDING}), 0)::text as sending,
      coalesce(-sum(e.amount_nano) filter (where p.status = 'confirmed'), 0)::text as paid
    from balance_entries e left join payouts p on p.id = e.payout_id
    where e.creator_id = ${creatorId}`,
  );
  return {
    pendingNano: BigInt(row!.pending),
    availableNano: BigInt(row!.available),
    sendingNano: BigInt(row!.sending),
    paidNano: BigInt(row!.paid),
  };
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
  /** A withdrawal's payout status (pending, held, signed, sent, confirmed, failed); null for a credit. */
  payoutStatus: string | null;
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
      payoutStatus: payouts.status,
    })
    .from(balanceEntries)
    .leftJoin(packs, eq(packs.id, balanceEntries.packId))
    .leftJoin(payouts, eq(payouts.id, balanceEntries.payoutId))
    .where(eq(balanceEntries.creatorId, creatorId))
    .orderBy(desc(balanceEntries.id))
    .limit(limit);
}
