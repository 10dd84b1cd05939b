import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import { creatorBalance } from './read.js';

/** Why a creator's payout not yet signed was stopped: their balance went into debt. */
export const PAYOUT_STOPPED_FOR_DEBT = 'stopped: the creator owes the marketplace for a refunded sale';

/**
 * A primary sale the marketplace refunds in full because it removed the pack: what its creator got for it
 * comes back. Either the buyer's transaction paid the creator's share straight to their wallet
 * (`paidOnChainNano`), or the share was credited to their balance.
 */
export interface CreatorShareClaim {
  creatorId: number;
  orderId: string;
  /** The creator's leg as the buyer's transaction paid it on chain; null when it was credited instead. */
  paidOnChainNano: bigint | null;
  at: Date;
}

/**
 * Takes the creator's share of a refunded sale back as a negative `reversal` entry of the order, available
 * at once: a share paid on chain becomes a debt; a credit still standing (a TON credit is available as soon
 * as it is made, so a takedown's reversal of pending credits leaves it) is reversed. The available figure may
 * drop below zero, and the creator's future credits pay it back before anything can be withdrawn (a
 * withdrawal needs a positive figure). One reversal per order: a second call, or an order whose pending credit
 * the takedown reversed already, writes nothing. The creator's row is locked first, as a withdrawal locks it:
 * a withdrawal comes after and sees the debt, or came before, and then its payout, if not yet signed, is
 * stopped while the balance is below zero.
 */
export async function reclaimCreatorShare(tx: Transaction, claim: CreatorShareClaim): Promise<void> {
  await tx.execute(sql`select 1 from users where id = ${claim.creatorId} for update`);
  const at = sql`${claim.at.toISOString()}::timestamptz`;
  const source =
    claim.paidOnChainNano !== null
      ? sql`select ${claim.creatorId}::bigint, ${-claim.paidOnChainNano}::bigint, 'reversal', o.id, e.id, o.pack_id,
          e.serial, 'ton', ${at}, ${at}
        from orders o left join editions e on e.order_id = o.id where o.id = ${claim.orderId}`
      : sql`select creator_id, -amount_nano, 'reversal', order_id, edition_id, pack_id, serial, rail, ${at}, ${at}
        from balance_entries where order_id = ${claim.orderId} and kind = 'primary_sale'`;
  await tx.execute(sql`
    insert into balance_entries
      (creator_id, amount_nano, kind, order_id, edition_id, pack_id, serial, rail, created_at, available_at)
    ${source}
    on conflict (order_id, kind) do nothing`);
  await stopPayoutsWhileInDebt(tx, claim.creatorId, claim.at);
}

/**
 * The creator's payouts not yet signed (pending, or held above a cap) are stopped when paying them would
 * leave a debt unpaid: failed, so their money counts as available again and goes to pay the debt. Nothing of
 * them can be on chain: only a signed message pays, and the signer takes pending payouts under their locks.
 */
async function stopPayoutsWhileInDebt(tx: Transaction, creatorId: number, now: Date): Promise<void> {
  const { availableNano } = await creatorBalance(tx, creatorId, now);
  if (availableNano >= 0n) return;
  await tx.execute(sql`
    update payouts p set status = 'failed', reason = ${PAYOUT_STOPPED_FOR_DEBT}, settled_at = ${now.toISOString()}::timestamptz
    from balance_entries e
    where e.payout_id = p.id and e.creator_id = ${creatorId} and p.kind = 'creator_payout'
      and p.status in ('pending', 'held')`);
}
