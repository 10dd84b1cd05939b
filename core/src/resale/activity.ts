import { sql, type SQL } from 'drizzle-orm';
import { formatTon, type ActivityItem, type ActivityPage } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { fileUrl } from '../storage/storage.js';
import { queryRows } from '../db/sql-rows.js';
import { activity, type ActivityType } from './tables.js';

export interface ActivityEntry {
  packId: number;
  editionId: number;
  serial: number;
  type: ActivityType;
  priceNano: bigint | null;
  fromId: number | null;
  toId: number | null;
  at: Date;
}

/** Written in the transaction that makes the change, so the feed never shows what did not happen. */
export async function recordActivity(tx: DbOrTx, entry: ActivityEntry): Promise<void> {
  await tx.insert(activity).values(entry);
}

export const ACTIVITY_PAGE_SIZE = 20;

interface ActivityRow {
  id: string;
  type: ActivityType;
  serial: number;
  editionId: number;
  price: string | null;
  at: Date | string;
  fromId: string | null;
  fromName: string | null;
  toId: string | null;
  toName: string | null;
  packId: number;
  title: string;
  imageKey: string | null;
}

const personName = (alias: string) =>
  sql.raw(`coalesce(nullif(btrim(${alias}.display_name), ''), ${alias}.first_name)`);

/**
 * A page of the feed, newest first: one pack's, one edition's, or (neither) the whole marketplace's, which
 * also names each item's pack. The cursor is the last item's id: ids only grow, so pages never overlap.
 */
export async function listActivity(
  db: DbOrTx,
  filter: { packId?: number; editionId?: number; cursor?: string | undefined; limit?: number },
): Promise<ActivityPage> {
  const limit = filter.limit ?? ACTIVITY_PAGE_SIZE;
  const conditions: SQL[] = [sql`true`];
  if (filter.packId !== undefined) conditions.push(sql`a.pack_id = ${filter.packId}`);
  if (filter.editionId !== undefined) conditions.push(sql`a.edition_id = ${filter.editionId}`);
  if (filter.cursor) conditions.push(sql`a.id < ${filter.cursor}::bigint`);
  const rows = await queryRows<ActivityRow>(
    db,
    sql`select a.id::text as "id", a.type, a.serial, a.edition_id as "editionId", a.price_nano::text as "price",
        a.at, a.from_id::text as "fromId", ${personName('fu')} as "fromName", a.to_id::text as "toId",
        ${personName('tu')} as "toName", p.id as "packId", p.title, coalesce(p.preview_key, p.cover_key) as "imageKey"
      from activity a
      join packs p on p.id = a.pack_id
      left join users fu on fu.id = a.from_id
      left join users tu on tu.id = a.to_id
      where ${sql.join(conditions, sql` and `)}
      order by a.id desc limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  const withPack = filter.packId === undefined && filter.editionId === undefined;
  return {
    items: page.map((row) => toActivityItem(row, withPack)),
    nextCursor: rows.length > limit ? page[page.length - 1]!.id : null,
  };
}

function toActivityItem(row: ActivityRow, withPack: boolean): ActivityItem {
  const person = (id: string | null, name: string | null) =>
    id === null ? null : { id: Number(id), name: name ?? '' };
  return {
    type: row.type,
    serial: Number(row.serial),
    editionId: Number(row.editionId),
    price: row.price === null ? null : formatTon(BigInt(row.price)),
    from: person(row.fromId, row.fromName),
    to: person(row.toId, row.toName),
    at: new Date(row.at).toISOString(),
    ...(withPack ? { pack: { id: Number(row.packId), title: row.title, imageUrl: fileUrl(row.imageKey) } } : {}),
  };
}
