import { and, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ActivityPage } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { fileUrlSql } from '../storage/storage.js';
import { isoTimeSql } from '../db/iso-time.js';
import { pageJsonText } from '../db/json-text.js';
import { keyedPerHandle, literalLimit } from '../db/prepared.js';
import { packs, users } from '../db/schema.js';
import { publicNameSql } from '../profile/display-name.js';
import { activity, type ActivityType } from './tables.js';
import { packListedSql } from '../sales/listed.js';

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

const fromUser = alias(users, 'fu');
const toUser = alias(users, 'tu');

type Scope = 'pack' | 'edition' | 'marketplace';

/** `{ id, name }` of the person on one side of an entry, null when there is none (a mint has no seller). */
function personSql(id: SQLWrapper, person: Parameters<typeof publicNameSql>[0]): SQL<unknown> {
  return sql`case when ${id} is null then null
    else json_build_object('id', ${id}, 'name', coalesce(${publicNameSql(person)}, '')) end`;
}

/**
 * Entries after the cursor's, in the feed's order: newest first by time, and of entries at the same time
 * the later written first. An entry can be back-dated (the demo's mints, a payment settled late), so the
 * id alone is not the order; the cursor stays the last item's id, and its time is read from its row.
 */
const afterCursorSql = sql`(${activity.at}, ${activity.id}) < (select cur.at, cur.id from activity cur
  where cur.id = ${sql.placeholder('cursor')}::bigint)`;

/**
 * One prepared statement per scope, cursor and page size (db/prepared.ts): planning this four-table join
 * cost Postgres more than running it (0.5 ms against 0.3). Each item comes as the JSON text the API sends
 * (`ActivityItem`, its price by `format_ton` and its time by `isoTimeSql` as on the cards): mapping thirteen
 * columns a row, then each row's parsed JSON, and serialising it again was most of the API's own time on a
 * feed page.
 */
function prepareActivity(db: DbOrTx, scope: Scope, cursor: boolean, limit: number) {
  const pack =
    scope === 'marketplace'
      ? sql`, 'pack', json_build_object('id', ${packs.id}, 'title', ${packs.title},
          'imageUrl', ${fileUrlSql(sql`coalesce(${packs.previewKey}, ${packs.coverKey})`)})`
      : sql``;
  return db
    .select({
      id: sql<string>`${activity.id}::text`,
      item: sql<string>`json_build_object(
        'type', ${activity.type},
        'serial', ${activity.serial},
        'editionId', ${activity.editionId},
        'price', case when ${activity.priceNano} is null then null else format_ton(${activity.priceNano}) end,
        'from', ${personSql(activity.fromId, fromUser)},
        'to', ${personSql(activity.toId, toUser)},
        'at', ${isoTimeSql(activity.at)}${pack})::text`,
    })
    .from(activity)
    .innerJoin(packs, eq(packs.id, activity.packId))
    .leftJoin(fromUser, eq(fromUser.id, activity.fromId))
    .leftJoin(toUser, eq(toUser.id, activity.toId))
    .where(
      and(
        // An edition's own history stays for its owner, who still sees a removed pack's edition.
        scope === 'edition' ? undefined : packListedSql,
        scope === 'pack' ? eq(activity.packId, sql.placeholder('packId')) : undefined,
        scope === 'edition' ? eq(activity.editionId, sql.placeholder('editionId')) : undefined,
        cursor ? afterCursorSql : undefined,
      ),
    )
    .orderBy(desc(activity.at), desc(activity.id))
    .limit(literalLimit(limit))
    .prepare(`activity_${scope}${cursor ? '_after' : ''}_${limit}`);
}

type ActivityStatement = ReturnType<typeof prepareActivity>;
const activityStatements = keyedPerHandle<string, ActivityStatement>();

interface ActivityFilter {
  packId?: number;
  editionId?: number;
  cursor?: string | undefined;
  limit?: number;
}

/**
 * A page of the feed, newest first by time (ties: the later written first), as the JSON text of an
 * `ActivityPage`: one pack's, one edition's, or (neither) the whole marketplace's, which also names each
 * item's pack. The cursor is the last item's id; the next page starts after its (time, id), so pages never
 * overlap.
 */
export async function listActivityJson(db: DbOrTx, filter: ActivityFilter): Promise<string> {
  const limit = filter.limit ?? ACTIVITY_PAGE_SIZE;
  const scope: Scope =
    filter.packId !== undefined ? 'pack' : filter.editionId !== undefined ? 'edition' : 'marketplace';
  const cursor = Boolean(filter.cursor);
  const statement = activityStatements(db, `${scope}:${cursor}:${limit + 1}`, (handle) =>
    prepareActivity(handle, scope, cursor, limit + 1),
  );
  const rows = await statement.execute({ packId: filter.packId, editionId: filter.editionId, cursor: filter.cursor });
  const page = rows.slice(0, limit);
  const items = page.map((row) => row.item);
  return pageJsonText(items, rows.length > limit ? page[page.length - 1]!.id : null);
}

/** `listActivityJson` as objects, for answers that hold a feed inside them (an edition's history). */
export async function listActivity(db: DbOrTx, filter: ActivityFilter): Promise<ActivityPage> {
  return JSON.parse(await listActivityJson(db, filter)) as ActivityPage;
}
