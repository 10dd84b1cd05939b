import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { creatorStats, packs } from '../db/schema.js';
import { fileUrlSql } from '../storage/storage.js';
import { lastSaleJsonSql } from '../resale/pack-market.js';
import { cardFieldsSql, creatorRefSql } from './card-json.js';
import { isFavoriteSql } from './card.js';

/**
 * A pack's detail as JSON text written by Postgres, for `GET /api/stickers/:id` to send as it is: mapping,
 * parsing and serialising its ~45 values was most of the route's own time against its floor.
 * Left out, for queries.ts to add: `owners`, `views` and `rating` (views counted and not yet written change
 * them between two requests) and each sticker's signed `fileUrl` (null here; signed links are the API's).
 * `viewerId` is null for a visitor, else a placeholder.
 */
export function packDetailJsonSql(now: SQLWrapper, viewerId: SQLWrapper | null): SQL<string> {
  const creator = creatorRefSql(sql`'stats', json_build_object(
    'totalStickers', coalesce(${creatorStats.packs}, 0), 'totalSales', coalesce(${creatorStats.sales}, 0))`);
  // The viewer's serial is read once, in `own`, for the three fields that show it.
  return sql<string>`(select json_build_object(${cardFieldsSql(now, { creator })},
    'isFavorite', ${isFavoriteSql(viewerId)},
    'stickersCount', (select count(*) from pack_stickers sc where sc.pack_id = ${packs.id}),
    'stickers', ${stickersSql},
    'isOwned', own.serial is not null,
    'edition', own.serial,
    'downloadUrl', case when own.serial is not null then '/api/stickers/' || ${packs.id} || '/download' end,
    'royaltyBps', ${packs.royaltyBps},
    'lastSale', ${lastSaleJsonSql},
    'notifying', ${isNotifyingSql(viewerId)}
  )::text from (select ${ownEditionSql(viewerId)} as serial) own)`;
}

/** The viewer's lowest serial of the pack, or null (always for a visitor). */
export function ownEditionSql(viewerId: SQLWrapper | null): SQL<number | null> {
  if (viewerId === null) return sql<number | null>`null::integer`;
  return sql<number | null>`(select min(oe.serial) from editions oe
    where oe.pack_id = ${packs.id} and oe.owner_id = ${viewerId})`;
}

/** How many people hold an edition of the pack. */
export const ownersSql = sql<number>`(select count(distinct e.owner_id) from editions e
  where e.pack_id = ${packs.id})`.mapWith(Number);

/** The stickers in order: their public previews (still and moving), and `fileUrl` null until the API signs it. */
const stickersSql = sql`coalesce((select json_agg(json_build_object('previewUrl', ${fileUrlSql(sql.raw('s.preview_key'))},
    'motionPreviewUrl', ${fileUrlSql(sql.raw('s.motion_preview_key'))},
    'fileUrl', null, 'format', s.format, 'emoji', s.emoji, 'keywords', s.keywords) order by s.position)
  from pack_stickers s where s.pack_id = ${packs.id}), '[]'::json)`;

/** The stickers' full files in order, to sign for an owner or the creator; null for anyone else. */
export function fileKeysSql(viewerId: SQLWrapper | null): SQL<string[] | string | null> {
  if (viewerId === null) return sql`null::json`;
  return sql`case when ${packs.creatorId} = ${viewerId} or ${ownEditionSql(viewerId)} is not null then
    (select json_agg(f.file_key order by f.position) from pack_stickers f where f.pack_id = ${packs.id}) end`;
}

/** The viewer asked to be told when the pack's drop opens ("Notify me", drops/subscriptions.ts). */
function isNotifyingSql(viewerId: SQLWrapper | null): SQL<boolean> {
  if (viewerId === null) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from drop_subscriptions ds where ds.pack_id = ${packs.id} and ds.user_id = ${viewerId})`;
}
