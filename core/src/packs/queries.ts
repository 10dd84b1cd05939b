import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { isPackId, type PackCard, type PackDetail, type StickerFormat } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { creatorStats, packs, users } from '../db/schema.js';
import { fileUrl } from '../storage/storage.js';
import type { FileUrls } from '../storage/file-urls.js';
import { isFavoriteSql } from './card.js';
import { cardJsonSql } from './card-json.js';
import { literalLimit, perHandle } from '../db/prepared.js';
import { packRating } from './rating.js';
import { lastSaleSql, toLastSale } from '../resale/pack-market.js';

export const downloadPath = (packId: number) => `/api/stickers/${packId}/download`;

/**
 * One pack as the detail page shows it, seen by `viewerId` (null when signed out); null when there is
 * no such pack. Every viewer gets the stickers' previews; an owner of an edition and the pack's creator
 * also get signed links to the full files when `fileUrls` is given. Reads only: the detail route counts
 * the view (views.ts).
 */
export async function getPackDetail(
  db: DbOrTx,
  packId: number,
  viewerId: number | null,
  now: Date = new Date(),
  fileUrls?: FileUrls,
): Promise<PackDetail | null> {
  if (!isPackId(packId)) return null;
  const [row] = await detailStatement(db, viewerId !== null).execute({ packId, viewerId, now: now.toISOString() });
  return row ? toPackDetail(row, viewerId, fileUrls) : null;
}

/**
 * Prepared per database handle, signed out and signed in (prepared.ts). The card part comes as the JSON
 * Postgres writes for lists (card-json.ts): mapping its ~25 columns row by row was most of the detail's own
 * time against its floor (issue 22.4).
 */
function prepareDetail(db: DbOrTx, signedIn: boolean) {
  const viewerId = signedIn ? sql.placeholder('viewerId') : null;
  return db
    .select({
      card: cardJsonSql(sql.placeholder('now')),
      isFavorite: isFavoriteSql(viewerId),
      ...detailColumns(viewerId),
      royaltyBps: packs.royaltyBps,
      lastSale: lastSaleSql,
      notifying: isNotifyingSql(viewerId),
    })
    .from(packs)
    .innerJoin(users, eq(users.id, packs.creatorId))
    .leftJoin(creatorStats, eq(creatorStats.creatorId, packs.creatorId))
    .where(eq(packs.id, sql.placeholder('packId')))
    .limit(literalLimit(1))
    .prepare(signedIn ? 'pack_detail_signed_in' : 'pack_detail');
}

const detailStatements = perHandle((handle) => [prepareDetail(handle, false), prepareDetail(handle, true)]);

function detailStatement(db: DbOrTx, signedIn: boolean): ReturnType<typeof prepareDetail> {
  return detailStatements(db)[signedIn ? 1 : 0]!;
}

function detailColumns(viewerId: SQLWrapper | null) {
  const edition =
    viewerId === null
      ? sql<number | null>`null`
      : sql<number | null>`(select min(oe.serial) from editions oe
          where oe.pack_id = ${packs.id} and oe.owner_id = ${viewerId})`;
  return {
    // Kept by migration 0002's triggers: summing the creator's packs here read ~200 heap pages per view.
    creatorPacks: sql<number>`coalesce(${creatorStats.packs}, 0)`.mapWith(Number),
    creatorSales: sql<number>`coalesce(${creatorStats.sales}, 0)`.mapWith(Number),
    owners: sql<number>`(select count(distinct e.owner_id) from editions e where e.pack_id = ${packs.id})`.mapWith(
      Number,
    ),
    stickers: sql<StickerRow[]>`coalesce((select json_agg(json_build_object('fileKey', s.file_key,
        'previewKey', s.preview_key, 'format', s.format, 'emoji', s.emoji, 'keywords', s.keywords)
        order by s.position) from pack_stickers s where s.pack_id = ${packs.id}), '[]'::json)`,
    edition: edition.mapWith(Number),
  };
}

/** The viewer asked to be told when the pack's drop opens ("Notify me", drops/subscriptions.ts). */
function isNotifyingSql(viewerId: SQLWrapper | null): SQL<boolean> {
  if (viewerId === null) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from drop_subscriptions ds where ds.pack_id = ${packs.id} and ds.user_id = ${viewerId})`;
}

interface DetailRow {
  /** The card's JSON text without isFavorite (card-json.ts). */
  card: string;
  isFavorite: boolean;
  notifying: boolean;
  royaltyBps: number;
  lastSale: string | null;
  creatorPacks: number;
  creatorSales: number;
  owners: number;
  stickers: StickerRow[] | string;
  edition: number | null;
}

interface StickerRow {
  fileKey: string;
  previewKey: string | null;
  format: StickerFormat;
  emoji: string[];
  keywords: string[];
}

function toPackDetail(row: DetailRow, viewerId: number | null, fileUrls?: FileUrls): PackDetail {
  const card = JSON.parse(row.card) as Omit<PackCard, 'isFavorite'>;
  const isOwned = row.edition !== null;
  const mayHaveFiles = (isOwned || card.creator.id === viewerId) && fileUrls !== undefined;
  // json_agg arrives parsed from node-postgres and as text from PGlite.
  const rows: StickerRow[] = typeof row.stickers === 'string' ? JSON.parse(row.stickers) : row.stickers;
  const stickers = rows.map((sticker) => ({
    previewUrl: fileUrl(sticker.previewKey),
    fileUrl: mayHaveFiles ? fileUrls.sign(sticker.fileKey) : null,
    format: sticker.format,
    emoji: sticker.emoji,
    keywords: sticker.keywords,
  }));
  return {
    ...card,
    isFavorite: Boolean(row.isFavorite),
    creator: { ...card.creator, stats: { totalStickers: row.creatorPacks, totalSales: row.creatorSales } },
    rating: packRating({ likes: card.likes, owners: row.owners, views: card.views }),
    owners: row.owners,
    stickersCount: stickers.length,
    stickers,
    isOwned,
    edition: row.edition,
    downloadUrl: isOwned ? downloadPath(card.id) : null,
    royaltyBps: row.royaltyBps,
    lastSale: toLastSale(row.lastSale),
    notifying: Boolean(row.notifying),
  };
}
