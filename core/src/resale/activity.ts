import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatTon, type ActivityItem, type ActivityPage } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { fileUrl } from '../storage/storage.js';
import { keyedPerHandle, literalLimit } from '../db/prepared.js';
import { packs, users } from '../db/schema.js';
import { publicNameSql } from '../profile/display-name.js';
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

const fromUser = alias(users, 'fu');
const toUser = alias(users, 'tu');

type Scope = 'pack' | 'edition' | 'marketplace';

/**
 * One prepared statement per scope, cursor and page size (db/prepared.ts): planning this four-table join
 * cost Postgres more than running it (0.5 ms against 0.3). Each row comes as one JSON object (pg parses
 * it): drizzle's mapping of thirteen columns a row was most of the API's own time on a feed page.
 */
function prepareActivity(db: DbOrTx, scope: Scope, cursor: boolean, limit: number) {
  return db
    .select({
      row: sql<ActivityRow>`json_build_object(
        'id', ${activity.id}::text,
        'type', ${activity.type},
        'serial', ${activity.serial},
        'editionId', ${activity.editionId},
        'price', ${activity.priceNano}::text,
        'at', ${activity.at},
        'fromId', ${activity.fromId}::text,
        'fromName', ${publicNameSql(fromUser)},
        'toId', ${activity.toId}::text,
        'toName', ${publicNameSql(toUser)},
        'packId', ${packs.id},
        'title', ${packs.title},
        'imageKey', coalesce(${packs.previewKey}, ${packs.coverKey}))`,
    })
    .from(activity)
    .innerJoin(packs, eq(packs.id, activity.packId))
    .leftJoin(fromUser, eq(fromUser.id, activity.fromId))
    .leftJoin(toUser, eq(toUser.id, activity.toId))
    .where(
      and(
        scope === 'pack' ? eq(activity.packId, sql.placeholder('packId')) : undefined,
        scope === 'edition' ? eq(activity.editionId, sql.placeholder('editionId')) : undefined,
        cursor ? sql`${activity.id} < ${sql.placeholder('cursor')}::bigint` : undefined,
      ),
    )
    .orderBy(desc(activity.id))
    .limit(literalLimit(limit))
    .prepare(`activity_${scope}${cursor ? '_after' : ''}_${limit}`);
}

type ActivityStatement = ReturnType<typeof prepareActivity>;
const activityStatements = keyedPerHandle<string, ActivityStatement>();

/**
 * A page of the feed, newest first: one pack's, one edition's, or (neither) the whole marketplace's, which
 * also names each item's pack. The cursor is the last item's id: ids only grow, so pages never overlap.
 */
export async function listActivity(
  db: DbOrTx,
  filter: { packId?: number; editionId?: number; cursor?: string | undefined; limit?: number },
): Promise<ActivityPage> {
  const limit = filter.limit ?? ACTIVITY_PAGE_SIZE;
  const scope: Scope =
    filter.packId !== undefined ? 'pack' : filter.editionId !== undefined ? 'edition' : 'marketplace';
  const cursor = Boolean(filter.cursor);
  const statement = activityStatements(db, `${scope}:${cursor}:${limit + 1}`, (handle) =>
    prepareActivity(handle, scope, cursor, limit + 1),
  );
  const rows = (
    await statement.execute({ packId: filter.packId, editionId: filter.editionId, cursor: filter.cursor })
  ).map(({ row }) => row);
  const page = rows.slice(0, limit);
  const withPack = scope === 'marketplace';
  return {
    items: page.map((row) => toActivityItem(row, withPack)),
    nextCursor: rows.length > limit ? page[page.length - 1]!.id : null,
  };
}

const person = (id: string | null, name: string | null) => (id === null ? null : { id: Number(id), name: name ?? '' });

function toActivityItem(row: ActivityRow, withPack: boolean): ActivityItem {
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
