import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { CATEGORIES, NEW_PACK_DAYS } from '@stickerdrop/shared';
import { packs, users } from '../db/schema.js';
import { fileUrlSql } from '../storage/storage.js';
import { creatorNameSql } from '../profile/display-name.js';
import { isTrendingSql, isVideoPackSql } from './card.js';
import { floorPriceSql, marketColumns } from '../resale/pack-market.js';
import { isoTimeSql } from '../db/iso-time.js';

/**
 * A pack card as JSON text written by Postgres, for the pages that list cards (listing, search, trending):
 * the API joins the texts and sends them, so a page costs the process no parsing, no mapping and no
 * serialising of ~450 values. It is `toPackCard` (card.ts) in SQL, field for field, but for isFavorite,
 * which depends on the viewer and is added by `withFavorite` so one page serves every viewer;
 * card-json.test.ts holds the two equal. `now` may be a prepared statement's placeholder.
 */
export function cardJsonSql(now: SQLWrapper): SQL<string> {
  return sql<string>`json_build_object(${cardFieldsSql(now, { creator: creatorRefSql() })},
    'views', ${packs.views})::text`;
}

/**
 * A card's fields as `json_build_object`'s arguments, but for its `views`, which the detail adds itself
 * with the views counted and not yet written (detail-json.ts); `creator` is the creator's object.
 */
export function cardFieldsSql(now: SQLWrapper, { creator }: { creator: SQL }): SQL {
  const image = fileUrlSql(sql`coalesce(${packs.previewKey}, ${packs.coverKey})`);
  const categories = sql.raw(CATEGORIES.map((c) => `'${c}'`).join(', '));
  return sql`'id', ${packs.id},
    'title', ${packs.title},
    'description', ${packs.description},
    'category', case when ${packs.category} in (${categories}) then ${packs.category} else 'general' end,
    'tags', to_json(${packs.tags}),
    'price', format_ton(${packs.priceNano}),
    'imageUrl', ${image},
    'previewUrl', ${image},
    'creator', ${creator},
    'likes', ${packs.likes},
    'sales', ${packs.soldCount},
    'maxSupply', ${packs.maxSupply},
    'soldCount', ${packs.soldCount},
    'isTrending', ${isTrendingSql},
    'isNew', date_trunc('milliseconds', ${packs.createdAt})
      > ${now}::timestamptz - interval '${sql.raw(String(NEW_PACK_DAYS))} days',
    'createdAt', ${isoTimeSql(packs.createdAt)},
    'floorPrice', ${floorPriceSql(now)},
    'listedCount', ${marketColumns(now).listedCount},
    'dropsAt', ${isoTimeSql(packs.dropsAt)},
    'maxPerUser', ${packs.maxPerUser},
    'kind', ${packs.kind},
    'animated', ${packs.animated},
    'video', ${isVideoPackSql}`;
}

/** The card's creator: `CreatorRef`. `extra` adds fields (the detail's stats) as `json_build_object`'s arguments. */
export function creatorRefSql(extra?: SQL): SQL {
  const more = extra ? sql`, ${extra}` : sql``;
  return sql`json_build_object('id', ${users.id}, 'name', ${creatorNameSql}, 'username', ${users.username}${more})`;
}

/** A card text of `cardJsonSql` completed with the viewer's isFavorite (the text ends with its `}`). */
export function withFavorite(card: string, isFavorite: boolean): string {
  return `${card.slice(0, -1)},"isFavorite":${isFavorite}}`;
}
