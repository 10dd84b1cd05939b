import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { isPackId, type PackDetail } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { creatorStats, packs, users } from '../db/schema.js';
import type { FileUrls } from '../storage/file-urls.js';
import { literalLimit, perHandle } from '../db/prepared.js';
import { packRating } from './rating.js';
import { fileKeysSql, ownEditionSql, ownersSql, packDetailJsonSql } from './detail-json.js';
import { packListedSql } from '../sales/listed.js';

/**
 * One pack as the detail page shows it, seen by `viewerId` (null when signed out); null when there is
 * no such pack. Every viewer gets the stickers' previews; an owner of an edition and the pack's creator
 * also get signed links to the full files when `fileUrls` is given. Reads only: the detail route counts
 * the view (views.ts). The JSON text the route sends is `getPackDetailText`'s.
 */
export async function getPackDetail(
  db: DbOrTx,
  packId: number,
  viewerId: number | null,
  now: Date = new Date(),
  fileUrls?: FileUrls,
): Promise<PackDetail | null> {
  const detail = await getPackDetailText(db, packId, viewerId, now, fileUrls);
  return detail && (JSON.parse(detail.withViews(0)) as PackDetail);
}

/** A pack's detail as JSON text, once the views counted and not yet written are known. */
export interface PackDetailText {
  /** The text with `pendingViews` added to the pack's views and to the rating they make. */
  withViews(pendingViews: number): string;
}

/**
 * `getPackDetail` as the JSON text Postgres writes (detail-json.ts), for the API to send as it is; the
 * process adds only the owners, views and rating, and signs the files' links for an owner or the creator.
 */
export async function getPackDetailText(
  db: DbOrTx,
  packId: number,
  viewerId: number | null,
  now: Date = new Date(),
  fileUrls?: FileUrls,
): Promise<PackDetailText | null> {
  if (!isPackId(packId)) return null;
  const [row] = await detailStatement(db, viewerId !== null).execute({ packId, viewerId, now: now.toISOString() });
  if (!row) return null;
  const detail = row.fileKeys && fileUrls ? withSignedFiles(row.detail, parsed(row.fileKeys), fileUrls) : row.detail;
  return {
    withViews(pendingViews) {
      const views = row.views + pendingViews;
      const rating = packRating({ likes: row.likes, owners: row.owners, views });
      const removed = row.removedReason ? `,"removed":${JSON.stringify({ reason: row.removedReason })}` : '';
      return `${detail.slice(0, -1)},"owners":${row.owners},"views":${views},"rating":${rating}${removed}}`;
    },
  };
}

/**
 * Prepared per database handle, signed out and signed in (prepared.ts): the detail's text, and beside it
 * the numbers the process completes it with.
 */
function prepareDetail(db: DbOrTx, signedIn: boolean) {
  const viewerId = signedIn ? sql.placeholder('viewerId') : null;
  return db
    .select({
      detail: packDetailJsonSql(sql.placeholder('now'), viewerId),
      views: packs.views,
      likes: packs.likes,
      owners: ownersSql,
      fileKeys: fileKeysSql(viewerId),
      removedReason: packs.removedReason,
    })
    .from(packs)
    .innerJoin(users, eq(users.id, packs.creatorId))
    .leftJoin(creatorStats, eq(creatorStats.creatorId, packs.creatorId))
    .where(and(eq(packs.id, sql.placeholder('packId')), seenBy(viewerId)))
    .limit(literalLimit(1))
    .prepare(signedIn ? 'pack_detail_signed_in' : 'pack_detail');
}

const detailStatements = perHandle((handle) => [prepareDetail(handle, false), prepareDetail(handle, true)]);

function detailStatement(db: DbOrTx, signedIn: boolean): ReturnType<typeof prepareDetail> {
  return detailStatements(db)[signedIn ? 1 : 0]!;
}

/**
 * A listed pack, for anyone; a pack the marketplace removed, only for its creator and its editions' owners,
 * who see it marked removed.
 */
function seenBy(viewerId: SQLWrapper | null): SQL {
  if (viewerId === null) return packListedSql;
  return sql`(${packListedSql} or ${packs.creatorId} = ${viewerId} or ${ownEditionSql(viewerId)} is not null)`;
}

/** json_agg arrives parsed from node-postgres and as text from PGlite. */
function parsed<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/**
 * The detail's text with each sticker's full file as a signed link (an owner's or the creator's view), put
 * in place of the stickers' `"fileUrl" : null` in order. Inside a JSON string a quote is escaped, so that text
 * can be nothing but those fields; the detail is not parsed and written again.
 */
function withSignedFiles(text: string, fileKeys: string[], fileUrls: FileUrls): string {
  const parts = text.split(/"fileUrl"\s*:\s*null/);
  if (parts.length !== fileKeys.length + 1) throw new Error('A pack detail whose stickers do not match its files');
  return parts.reduce((signed, part, index) => {
    const link = JSON.stringify(fileUrls.sign(fileKeys[index - 1]!));
    return `${signed}"fileUrl":${link}${part}`;
  });
}
