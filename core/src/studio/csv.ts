import { and, asc, eq, sql } from 'drizzle-orm';
import { STUDIO_CSV_COLUMNS, formatTon } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { editions, orders, packs } from '../db/schema.js';
import { resaleLedger } from '../resale/tables.js';

type CsvColumn = (typeof STUDIO_CSV_COLUMNS)[number];
type CsvRow = Record<CsvColumn, string | number>;

/**
 * The header row's names. Dates and amounts are written the same for every reader, whatever the language of
 * the app (ISO 8601 in UTC, a dot before the decimals), so a spreadsheet set to a comma-decimal language is
 * told so where its user looks first: beside the column's name.
 */
const CSV_HEADERS: Record<CsvColumn, string> = {
  date: 'date (ISO 8601 UTC)',
  type: 'type',
  pack_id: 'pack_id',
  pack_title: 'pack_title',
  serial: 'serial',
  sale_price_ton: 'sale_price_ton (dot decimal)',
  your_amount_ton: 'your_amount_ton (dot decimal)',
  status: 'status',
};

/**
 * What a spreadsheet could run as a formula: =, +, - or @ first (after any spaces, and their full-width
 * forms, which some locales read alike), or a tab or line break first. Titles are anyone's text.
 */
const FORMULA_START = /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r\n]/;
/**
 * What must be quoted for every reader: the comma we separate with, the semicolon and tab that other
 * locales' spreadsheets separate with (an unquoted `a;=cmd` is two cells there, the second a formula),
 * quotes and line breaks.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One field of RFC 4180 CSV. A text that could run as a formula gets a leading apostrophe and is quoted;
 * a text holding a separator of any locale, a quote or a line break is quoted, its quotes doubled.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  const formula = typeof value === 'string' && FORMULA_START.test(text);
  if (formula) text = `'${text}`;
  return formula || NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const toCsv = (rows: readonly CsvRow[]): string =>
  [
    STUDIO_CSV_COLUMNS.map((c) => csvField(CSV_HEADERS[c])).join(','),
    ...rows.map((row) => STUDIO_CSV_COLUMNS.map((c) => csvField(row[c])).join(',')),
  ]
    .map((line) => `${line}\r\n`)
    .join('');

/**
 * The creator's sales and royalties as CSV, oldest first: a `primary` row per edition sold first-hand (their
 * amount is the price) and a `resale` row per resale of their packs (their amount is the royalty, `paid` to
 * their wallet or `owed`). Dates in ISO 8601 UTC, amounts in TON as exact decimals.
 */
export async function studioSalesCsv(db: DbOrTx, creatorId: number): Promise<string> {
  const paidAt = sql<Date>`coalesce(${orders.paidAt}, ${orders.createdAt})`.mapWith(orders.paidAt);
  const [primary, resales] = await Promise.all([
    db
      .select({ at: paidAt, packId: packs.id, title: packs.title, serial: editions.serial, amount: orders.amountNano })
      .from(orders)
      .innerJoin(packs, eq(packs.id, orders.packId))
      .leftJoin(editions, eq(editions.orderId, orders.id))
      .where(and(eq(packs.creatorId, creatorId), eq(orders.kind, 'primary'), eq(orders.status, 'paid')))
      .orderBy(asc(paidAt), asc(orders.id)),
    db
      .select({
        at: resaleLedger.createdAt,
        packId: packs.id,
        title: packs.title,
        serial: editions.serial,
        price: orders.amountNano,
        royalty: resaleLedger.amountNano,
        status: resaleLedger.status,
      })
      .from(resaleLedger)
      .innerJoin(orders, eq(orders.id, resaleLedger.orderId))
      .innerJoin(packs, eq(packs.id, orders.packId))
      .leftJoin(editions, eq(editions.id, orders.editionId))
      .where(and(eq(resaleLedger.leg, 'royalty'), eq(resaleLedger.recipientId, creatorId)))
      .orderBy(asc(resaleLedger.createdAt), asc(resaleLedger.id)),
  ]);
  const rows: (CsvRow & { time: number })[] = [
    ...primary.map((row) => ({
      time: new Date(row.at).getTime(),
      date: new Date(row.at).toISOString(),
      type: 'primary',
      pack_id: row.packId,
      pack_title: row.title,
      serial: row.serial ?? '',
      sale_price_ton: formatTon(row.amount),
      your_amount_ton: formatTon(row.amount),
      status: 'paid',
    })),
    ...resales.map((row) => ({
      time: row.at.getTime(),
      date: row.at.toISOString(),
      type: 'resale',
      pack_id: row.packId,
      pack_title: row.title,
      serial: row.serial ?? '',
      sale_price_ton: formatTon(row.price),
      your_amount_ton: formatTon(row.royalty),
      status: row.status,
    })),
  ];
  return toCsv(rows.sort((a, b) => a.time - b.time));
}
