import { eq, sql } from 'drizzle-orm';
import { isPackId, type PackDetail } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { packs, users } from '../db/schema.js';
import { fileUrl } from '../storage/storage.js';
import { cardColumns, toPackCard, type CardRow } from './card.js';
import { packRating } from './rating.js';
import { lastSaleSql, marketColumns, toLastSale } from '../resale/pack-market.js';

export const downloadPath = (packId: number) => `/api/stickers/${packId}/download`;

/**
 * One pack as the detail page shows it, seen by `viewerId` (null when signed out); null when there is
 * no such pack. Reads only: the detail route counts the view (views.ts).
 */
export async function getPackDetail(
  db: DbOrTx,
  packId: number,
  viewerId: number | null,
  now: Date = new Date(),
): Promise<PackDetail | null> {
  if (!isPackId(packId)) return null;
  const [row] = await db
    .select({ ...detailColumns(viewerId), ...marketColumns(now), royaltyBps: packs.royaltyBps, lastSale: lastSaleSql })
    .from(packs)
    .innerJoin(users, eq(users.id, packs.creatorId))
    .where(eq(packs.id, packId))
    .limit(1);
  return row ? toPackDetail(row, now) : null;
}

function detailColumns(viewerId: number | null) {
  const edition =
    viewerId === null
      ? sql<number | null>`null`
      : sql<number | null>`(select min(oe.serial) from editions oe
          where oe.pack_id = ${packs.id} and oe.owner_id = ${viewerId})`;
  return {
    ...cardColumns(viewerId),
    creatorPacks: sql<number>`(select count(*) from packs cp where cp.creator_id = ${packs.creatorId})`.mapWith(Number),
    creatorSales: sql<number>`(select coalesce(sum(cp.sold_count), 0) from packs cp
        where cp.creator_id = ${packs.creatorId})`.mapWith(Number),
    owners: sql<number>`(select count(distinct e.owner_id) from editions e where e.pack_id = ${packs.id})`.mapWith(
      Number,
    ),
    stickerKeys: sql<string[]>`array(select s.file_key from pack_stickers s
        where s.pack_id = ${packs.id} order by s.position)`,
    edition: edition.mapWith(Number),
  };
}

type DetailRow = CardRow & {
  royaltyBps: number;
  lastSale: string | null;
  creatorPacks: number;
  creatorSales: number;
  owners: number;
  stickerKeys: string[];
  edition: number | null;
};

function toPackDetail(row: DetailRow, now: Date): PackDetail {
  const card = toPackCard(row, now);
  const stickers = row.stickerKeys.map((key) => ({ url: fileUrl(key)! }));
  const isOwned = row.edition !== null;
  return {
    ...card,
    creator: { ...card.creator, stats: { totalStickers: row.creatorPacks, totalSales: row.creatorSales } },
    rating: packRating({ likes: row.likes, owners: row.owners, views: row.views }),
    owners: row.owners,
    stickersCount: stickers.length,
    stickers,
    isOwned,
    edition: row.edition,
    downloadUrl: isOwned ? downloadPath(row.id) : null,
    royaltyBps: row.royaltyBps,
    lastSale: toLastSale(row.lastSale),
  };
}

/** Counts one view atomically; false when the pack does not exist. */
export async function recordView(db: DbOrTx, packId: number): Promise<boolean> {
  if (!isPackId(packId)) return false;
  const updated = await db
    .update(packs)
    .set({ views: sql`${packs.views} + 1` })
    .where(eq(packs.id, packId))
    .returning({ id: packs.id });
  return updated.length > 0;
}
