import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import { availableAtFor, primarySaleShare, type BalanceRail, type BalanceTerms } from './terms.js';

/** A primary sale the creator was not paid for on chain, as the settlement that minted its edition knows it. */
export interface PrimarySaleCredit {
  creatorId: number;
  priceNano: bigint;
  rail: BalanceRail;
  at: Date;
  terms: BalanceTerms;
}

/**
 * The creator's share of a primary sale as an insert reading the minted edition from a relation named
 * `minted` (`id`, `pack_id`, `serial`, `order_id`): the mint writes it in its own statement, so the pack's
 * row lock waits for no extra round trip. Null when the share is nothing. A second settlement of the order
 * writes nothing: one credit per (order, kind).
 */
export function primarySaleCreditFromMinted(sale: PrimarySaleCredit): SQL | null {
  const share = primarySaleShare(sale.priceNano, sale.terms.primaryFeeBps);
  if (share <= 0n) return null;
  const availableAt = availableAtFor(sale.rail, sale.at, sale.terms);
  return sql`insert into balance_entries
      (creator_id, amount_nano, kind, order_id, edition_id, pack_id, serial, rail, created_at, available_at)
    select ${sale.creatorId}::bigint, ${share}::bigint, 'primary_sale', m.order_id, m.id, m.pack_id, m.serial,
      ${sale.rail}, ${sale.at.toISOString()}::timestamptz, ${availableAt.toISOString()}::timestamptz
    from minted m
    on conflict (order_id, kind) do nothing`;
}

/** A resale's royalty the creator could not be paid on chain (no wallet): the marketplace holds it for them. */
export interface OwedRoyaltyCredit {
  orderId: string;
  creatorId: number;
  royaltyNano: bigint;
  edition: { id: number; packId: number; serial: number };
  rail: BalanceRail;
  at: Date;
  terms: BalanceTerms;
}

export async function creditOwedRoyalty(tx: Transaction, royalty: OwedRoyaltyCredit): Promise<void> {
  if (royalty.royaltyNano <= 0n) return;
  const availableAt = availableAtFor(royalty.rail, royalty.at, royalty.terms);
  await tx.execute(sql`
    insert into balance_entries
      (creator_id, amount_nano, kind, order_id, edition_id, pack_id, serial, rail, created_at, available_at)
    values (${royalty.creatorId}, ${royalty.royaltyNano}, 'royalty', ${royalty.orderId}, ${royalty.edition.id},
      ${royalty.edition.packId}, ${royalty.edition.serial}, ${royalty.rail},
      ${royalty.at.toISOString()}::timestamptz, ${availableAt.toISOString()}::timestamptz)
    on conflict (order_id, kind) do nothing`);
}

/**
 * The money of an order went back to the buyer (a refund the rail made, an edition taken back): its
 * credit that is still pending is cancelled by a negative entry, in the caller's transaction. The
 * reversal is pending until the same moment as the credit, so the two leave nothing in either figure.
 * A credit already available stays: the rail could no longer take that money back. An order has one
 * credit (a primary sale's or a resale's royalty), so one reversal; a second call writes nothing.
 */
export async function reversePendingCredit(tx: Transaction, orderId: string, now: Date): Promise<void> {
  await reversePendingWhere(tx, sql`order_id = ${orderId}`, now);
}

/**
 * The marketplace took a pack down for copyright and refunds its sales: every credit of the pack still
 * pending (its primary sales and royalties) is cancelled as `reversePendingCredit` cancels one, in the
 * takedown's transaction; a second call writes nothing. A credit already available is taken back as a debt
 * when the sale's refund is made (`reclaimCreatorShare`), as the share a TON sale paid on chain is.
 */
export async function reversePendingCreditsOfPack(tx: Transaction, packId: number, now: Date): Promise<void> {
  await reversePendingWhere(tx, sql`pack_id = ${packId}`, now);
}

/** A negative entry for each credit still pending that `which` names, pending until the credit would be. */
async function reversePendingWhere(tx: Transaction, which: SQL, now: Date): Promise<void> {
  await tx.execute(sql`
    insert into balance_entries
      (creator_id, amount_nano, kind, order_id, edition_id, pack_id, serial, rail, created_at, available_at)
    select creator_id, -amount_nano, 'reversal', order_id, edition_id, pack_id, serial, rail,
      ${now.toISOString()}::timestamptz, available_at
    from balance_entries
    where ${which} and kind in ('primary_sale', 'royalty')
      and available_at > ${now.toISOString()}::timestamptz
    on conflict (order_id, kind) do nothing`);
}
