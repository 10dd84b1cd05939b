import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { orders, packs } from '../db/schema.js';
import { resaleLedger } from '../resale/tables.js';

/** Postgres returns counts and sums as strings, PGlite as numbers: both are cast to text in SQL. */
const count = sql<string>`count(*)::text`;
const sumOf = (column: unknown) => sql<string>`coalesce(sum(${column}), 0)::text`;

export interface PackSales {
  packId: number;
  sold: number;
  revenueNano: bigint;
}

/** Editions of the creator's packs sold first-hand and paid (a refunded order is not a sale), per pack. */
export async function primarySalesByPack(db: DbOrTx, creatorId: number): Promise<PackSales[]> {
  const rows = await db
    .select({ packId: orders.packId, sold: count, revenue: sumOf(orders.amountNano) })
    .from(orders)
    .innerJoin(packs, eq(packs.id, orders.packId))
    .where(and(eq(packs.creatorId, creatorId), eq(orders.kind, 'primary'), eq(orders.status, 'paid')))
    .groupBy(orders.packId);
  return rows.map((row) => ({ packId: row.packId, sold: Number(row.sold), revenueNano: BigInt(row.revenue) }));
}

export interface PackRoyalties {
  packId: number;
  resales: number;
  paidNano: bigint;
  owedNano: bigint;
}

/**
 * The royalty legs of resales of the creator's packs, per pack: one leg per resale, 'paid' to their wallet
 * in the buyer's transaction or 'owed' when they had no wallet linked.
 */
export async function royaltiesByPack(db: DbOrTx, creatorId: number): Promise<PackRoyalties[]> {
  const rows = await db
    .select({ packId: orders.packId, status: resaleLedger.status, legs: count, amount: sumOf(resaleLedger.amountNano) })
    .from(resaleLedger)
    .innerJoin(orders, eq(orders.id, resaleLedger.orderId))
    .where(and(eq(resaleLedger.leg, 'royalty'), eq(resaleLedger.recipientId, creatorId)))
    .groupBy(orders.packId, resaleLedger.status);
  const byPack = new Map<number, PackRoyalties>();
  for (const row of rows) {
    const entry = byPack.get(row.packId) ?? { packId: row.packId, resales: 0, paidNano: 0n, owedNano: 0n };
    entry.resales += Number(row.legs);
    if (row.status === 'owed') entry.owedNano += BigInt(row.amount);
    else entry.paidNano += BigInt(row.amount);
    byPack.set(row.packId, entry);
  }
  return [...byPack.values()];
}

/** Editions the user resold and their share of those sales (the seller legs of the resale ledger). */
export async function resaleProceeds(db: DbOrTx, userId: number): Promise<{ count: number; nano: bigint }> {
  const [row] = await db
    .select({ count, amount: sumOf(resaleLedger.amountNano) })
    .from(resaleLedger)
    .where(and(eq(resaleLedger.leg, 'seller'), eq(resaleLedger.recipientId, userId)));
  return { count: Number(row?.count ?? 0), nano: BigInt(row?.amount ?? '0') };
}

/** The user's paid purchases, first-hand and resale, and what they cost. */
export async function purchases(db: DbOrTx, userId: number): Promise<{ count: number; nano: bigint }> {
  const [row] = await db
    .select({ count, amount: sumOf(orders.amountNano) })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'paid')));
  return { count: Number(row?.count ?? 0), nano: BigInt(row?.amount ?? '0') };
}

export const sumNano = <T>(items: readonly T[], pick: (item: T) => bigint) =>
  items.reduce((total, item) => total + pick(item), 0n);
