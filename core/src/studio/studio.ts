import { desc, eq } from 'drizzle-orm';
import {
  formatTon,
  type DropStatus,
  type StudioMoney,
  type StudioPack,
  type StudioResponse,
} from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { packs } from '../db/schema.js';
import { fileUrl } from '../storage/storage.js';
import { salesByDay } from './days.js';
import { DEFAULT_PAYOUT_MIN_NANO, studioBalance } from './balance.js';
import { primarySalesByPack, royaltiesByPack, sumNano, type PackRoyalties, type PackSales } from '../earnings/money.js';

export type PackRow = typeof packs.$inferSelect;

/** A drop that has not opened is scheduled; otherwise on sale until every edition is sold. */
export function dropStatusOf(pack: Pick<PackRow, 'dropsAt' | 'soldCount' | 'maxSupply'>, now: Date): DropStatus {
  if (pack.dropsAt !== null && pack.dropsAt.getTime() > now.getTime()) return 'scheduled';
  return pack.soldCount >= pack.maxSupply ? 'sold_out' : 'on_sale';
}

const NO_SALES: PackSales = { packId: 0, sold: 0, revenueNano: 0n };
const NO_ROYALTIES: PackRoyalties = { packId: 0, resales: 0, paidNano: 0n, owedNano: 0n };

function moneyOf(sales: PackSales, royalties: PackRoyalties): StudioMoney {
  return {
    sold: sales.sold,
    revenue: formatTon(sales.revenueNano),
    resales: royalties.resales,
    royaltiesPaid: formatTon(royalties.paidNano),
    royaltiesOwed: formatTon(royalties.owedNano),
  };
}

export function toStudioPack(row: PackRow, sales: PackSales, royalties: PackRoyalties, now: Date): StudioPack {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    tags: row.tags,
    price: formatTon(row.priceNano),
    imageUrl: fileUrl(row.previewKey ?? row.coverKey),
    maxSupply: row.maxSupply,
    views: row.views,
    likes: row.likes,
    royaltyBps: row.royaltyBps,
    dropsAt: row.dropsAt?.toISOString() ?? null,
    dropStatus: dropStatusOf(row, now),
    createdAt: row.createdAt.toISOString(),
    ...(row.removedReason ? { removed: { reason: row.removedReason } } : {}),
    ...moneyOf(sales, royalties),
  };
}

/**
 * A creator's studio: each of their packs (newest first) with what it sold and earned, the totals, and
 * their sales by day. Figures come from paid orders and the resale ledger, the same ones the profile sums;
 * the balance (what the marketplace holds for them) from the balance ledger.
 */
export async function getStudio(
  db: DbOrTx,
  creatorId: number,
  now: Date,
  payoutMinNano: bigint = DEFAULT_PAYOUT_MIN_NANO,
): Promise<StudioResponse> {
  const [rows, sales, royalties, days, balance] = await Promise.all([
    db.select().from(packs).where(eq(packs.creatorId, creatorId)).orderBy(desc(packs.createdAt), desc(packs.id)),
    primarySalesByPack(db, creatorId),
    royaltiesByPack(db, creatorId),
    salesByDay(db, creatorId),
    studioBalance(db, creatorId, now, payoutMinNano),
  ]);
  const salesOf = new Map(sales.map((entry) => [entry.packId, entry]));
  const royaltiesOf = new Map(royalties.map((entry) => [entry.packId, entry]));
  const totals: StudioMoney = moneyOf(
    {
      packId: 0,
      sold: sales.reduce((total, entry) => total + entry.sold, 0),
      revenueNano: sumNano(sales, (entry) => entry.revenueNano),
    },
    {
      packId: 0,
      resales: royalties.reduce((total, entry) => total + entry.resales, 0),
      paidNano: sumNano(royalties, (entry) => entry.paidNano),
      owedNano: sumNano(royalties, (entry) => entry.owedNano),
    },
  );
  return {
    totals,
    balance,
    packs: rows.map((row) =>
      toStudioPack(row, salesOf.get(row.id) ?? NO_SALES, royaltiesOf.get(row.id) ?? NO_ROYALTIES, now),
    ),
    days,
  };
}

/** One of the creator's packs as the studio shows it (after an edit). */
export async function studioPack(db: DbOrTx, row: PackRow, now: Date): Promise<StudioPack> {
  const [sales, royalties] = await Promise.all([
    primarySalesByPack(db, row.creatorId),
    royaltiesByPack(db, row.creatorId),
  ]);
  return toStudioPack(
    row,
    sales.find((entry) => entry.packId === row.id) ?? NO_SALES,
    royalties.find((entry) => entry.packId === row.id) ?? NO_ROYALTIES,
    now,
  );
}
