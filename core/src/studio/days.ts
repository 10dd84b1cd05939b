import { and, eq, sql, type SQL } from 'drizzle-orm';
import { formatTon, type StudioDay } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { orders, packs } from '../db/schema.js';
import { resaleLedger } from '../resale/tables.js';

/** The UTC calendar day of a timestamp, as YYYY-MM-DD (the chart's and the CSV's days agree). */
const dayOf = (column: SQL | typeof resaleLedger.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * The creator's sales by UTC day, oldest first: editions sold first-hand and their revenue, and the
 * royalties (paid or owed) their packs' resales earned that day. Days without either are left out.
 */
export async function salesByDay(db: DbOrTx, creatorId: number): Promise<StudioDay[]> {
  const primaryDay = dayOf(sql`coalesce(${orders.paidAt}, ${orders.createdAt})`);
  const royaltyDay = dayOf(resaleLedger.createdAt);
  const [primary, royalties] = await Promise.all([
    db
      .select({
        day: primaryDay,
        sold: sql<string>`count(*)::text`,
        revenue: sql<string>`sum(${orders.amountNano})::text`,
      })
      .from(orders)
      .innerJoin(packs, eq(packs.id, orders.packId))
      .where(and(eq(packs.creatorId, creatorId), eq(orders.kind, 'primary'), eq(orders.status, 'paid')))
      .groupBy(primaryDay),
    db
      .select({ day: royaltyDay, amount: sql<string>`sum(${resaleLedger.amountNano})::text` })
      .from(resaleLedger)
      .where(and(eq(resaleLedger.leg, 'royalty'), eq(resaleLedger.recipientId, creatorId)))
      .groupBy(royaltyDay),
  ]);
  const days = new Map<string, { sold: number; revenue: bigint; royalties: bigint }>();
  const dayEntry = (day: string) => {
    const entry = days.get(day) ?? { sold: 0, revenue: 0n, royalties: 0n };
    days.set(day, entry);
    return entry;
  };
  for (const row of primary) {
    const entry = dayEntry(row.day);
    entry.sold += Number(row.sold);
    entry.revenue += BigInt(row.revenue);
  }
  for (const row of royalties) dayEntry(row.day).royalties += BigInt(row.amount);
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, entry]) => ({
      day,
      sold: entry.sold,
      revenue: formatTon(entry.revenue),
      royalties: formatTon(entry.royalties),
    }));
}
