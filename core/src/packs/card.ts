import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  CATEGORIES,
  NEW_PACK_DAYS,
  TRENDING_LIMIT,
  formatTon,
  type Category,
  type PackCard,
  type PackKind,
} from '@stickerdrop/shared';
import { packs, users } from '../db/schema.js';
import { fileUrl } from '../storage/storage.js';
import { toMarketFields, type MarketRow } from '../resale/pack-market.js';
import { creatorNameSql } from '../profile/display-name.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * isTrending: the pack is among the TRENDING_LIMIT highest trending scores (ties broken by id, like the
 * trending sort) and its score is above zero. Six rows read from packs_trending_idx. The limit is a literal
 * so a prepared statement's generic plan keeps reading the index (see prepareList).
 */
export const isTrendingSql: SQL<boolean> = sql<boolean>`${packs.id} in (
  select tp.id from packs tp where tp.trending_score > 0::real
  order by tp.trending_score desc nulls last, tp.id desc nulls last limit ${sql.raw(String(TRENDING_LIMIT))})`;

/**
 * Its moving stickers are videos (WEBM), none a Lottie animation (TGS): the card says "Video", not
 * "Animated". Read only for packs kept as animated at insert.
 */
export const isVideoPackSql: SQL<boolean> = sql<boolean>`(${packs.animated} and not exists (
  select 1 from pack_stickers vs where vs.pack_id = ${packs.id} and vs.format = 'animated'))`;

/** The caller liked it; always false when signed out. `viewerId` may be a prepared statement's placeholder. */
export function isFavoriteSql(viewerId: number | SQLWrapper | null): SQL<boolean> {
  if (viewerId === null) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from likes fl where fl.pack_id = ${packs.id} and fl.user_id = ${viewerId})`;
}

/** The columns every card needs, from `packs` joined with its creator in `users`. */
export function cardColumns(viewerId: number | SQLWrapper | null) {
  return {
    id: packs.id,
    title: packs.title,
    description: packs.description,
    category: packs.category,
    tags: packs.tags,
    priceNano: packs.priceNano,
    previewKey: packs.previewKey,
    coverKey: packs.coverKey,
    creatorId: users.id,
    creatorName: creatorNameSql,
    creatorUsername: users.username,
    views: packs.views,
    likes: packs.likes,
    soldCount: packs.soldCount,
    maxSupply: packs.maxSupply,
    createdAt: packs.createdAt,
    dropsAt: packs.dropsAt,
    maxPerUser: packs.maxPerUser,
    kind: packs.kind,
    animated: packs.animated,
    video: isVideoPackSql,
    isFavorite: isFavoriteSql(viewerId),
    isTrending: isTrendingSql,
  };
}

export interface CardRow extends MarketRow {
  id: number;
  title: string;
  description: string;
  category: string;
  tags: string[];
  priceNano: bigint;
  previewKey: string | null;
  coverKey: string | null;
  creatorId: number;
  creatorName: string;
  creatorUsername: string | null;
  views: number;
  likes: number;
  soldCount: number;
  maxSupply: number;
  createdAt: Date;
  dropsAt: Date | null;
  maxPerUser: number | null;
  kind: PackKind;
  animated: boolean;
  video: boolean;
  isFavorite: boolean;
  isTrending: boolean;
}

export function isNewPack(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() < NEW_PACK_DAYS * DAY_MS;
}

function toCategory(value: string): Category {
  return (CATEGORIES as readonly string[]).includes(value) ? (value as Category) : 'general';
}

/** A database row as the wire's PackCard. The preview is the card image; the cover stands in when absent. */
export function toPackCard(row: CardRow, now: Date): PackCard {
  const image = fileUrl(row.previewKey ?? row.coverKey);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: toCategory(row.category),
    tags: row.tags,
    price: formatTon(row.priceNano),
    imageUrl: image,
    previewUrl: image,
    creator: { id: Number(row.creatorId), name: row.creatorName, username: row.creatorUsername },
    views: row.views,
    likes: row.likes,
    sales: row.soldCount,
    maxSupply: row.maxSupply,
    soldCount: row.soldCount,
    isFavorite: Boolean(row.isFavorite),
    isTrending: Boolean(row.isTrending),
    isNew: isNewPack(row.createdAt, now),
    createdAt: row.createdAt.toISOString(),
    ...toMarketFields(row),
    dropsAt: row.dropsAt ? new Date(row.dropsAt).toISOString() : null,
    maxPerUser: row.maxPerUser ?? null,
    kind: row.kind,
    animated: Boolean(row.animated),
    video: Boolean(row.video),
  };
}
