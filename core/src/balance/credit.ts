import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import { columnsOf } from '../db/sql-rows.js';
import { availableAtFor, primarySaleShare, type BalanceRail, type BalanceTerms } from './terms.js';

/** A primary sale the creator was not paid for on chain, as the settlement that minted its edition knows it. */
export interface PrimarySaleCredit {
  creatorId: number;
  priceNano: bigint;
  rail: BalanceRail;
  at: Date;
  terms: BalanceTerms;
}

/** The edition a primary sale minted, as its credit names it. */
export interface MintedEdition {
  orderId: string;
  id: number;
  packId: number;
  serial: number;
}

/** A creator's credit for one primary sale, as the ledger writes it. */
export interface PrimarySaleCreditRow {
  creatorId: number;
  shareNano: bigint;
  edition: MintedEdition;
  rail: BalanceRail;
  at: Date;
  availableAt: Date;
}

/** The creator's share of a primary sale and when it is available; null when the share is nothing. */
export function primarySaleCredit(sale: PrimarySaleCredit, edition: MintedEdition): PrimarySaleCreditRow | null {
  const shareNano = primarySaleShare(sale.priceNano, sale.terms.primaryFeeBps);
  if (shareNano <= 0n) return null;
  const availableAt = availableAtFor(sale.rail, sale.at, sale.terms);
  return { creatorId: sale.creatorId, shareNano, edition, rail: sale.rail, at: sale.at, availableAt };
}

/**
 * The one statement that writes primary sales' credits, unrun (a group of settlements writes its sales'
 * together, with its messages, before it commits). A second settlement of an order writes nothing: one
 * credit per (order, kind).
 */
export function primarySaleCreditInserts(credits: readonly PrimarySaleCreditRow[]): SQL[] {
  const column = columnsOf(credits);
  return [
    sql`
    insert into balance_entries
      (creator_id, amount_nano, kind, order_id, edition_id, pack_id, serial, rail, created_at, available_at)
    select c.creator_id, c.amount_nano, 'primary_sale', c.order_id, c.edition_id, c.pack_id, c.serial, c.rail,
      c.created_at, c.available_at
    from unnest(${column((c) => String(c.creatorId))}::bigint[], ${column((c) => String(c.shareNano))}::bigint[],
      ${column((c) => c.edition.orderId)}::uuid[], ${column((c) => c.edition.id)}::integer[],
      ${column((c) => c.edition.packId)}::integer[], ${column((c) => c.edition.serial)}::integer[],
      ${column((c) => c.rail)}::text[], ${column((c) => c.at.toISOString())}::timestamptz[],
      ${column((c) => c.availableAt.toISOString())}::timestamptz[])
      as c(creator_id, amount_nano, order_id, edition_id, pack_id, serial, rail, created_at, available_at)
    on conflict (order_id, kind) do nothing`,
  ];
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
