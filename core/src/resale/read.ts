import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_STARS_RESALE_LOCK_DAYS,
  formatTon,
  type EditionDetail,
  type PackListings,
  type PriceHistory,
} from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { editions, packs, users } from '../db/schema.js';
import { fileUrl } from '../storage/storage.js';
import { creatorNameSql } from '../profile/display-name.js';
import { listActivity } from './activity.js';
import { perHandle } from '../db/prepared.js';
import { buyableSql } from './holds.js';
import { editionPayment } from './stars-lock.js';
import { activity, listings } from './tables.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const EDITION_HISTORY_LIMIT = 100;

/**
 * An edition's public page: its pack, its owner, its listing, how the owner paid (and the Stars lock), and
 * everything that happened to it.
 */
export async function getEdition(
  db: DbOrTx,
  editionId: number,
  lock: { now: Date; lockDays: number } = { now: new Date(), lockDays: DEFAULT_STARS_RESALE_LOCK_DAYS },
): Promise<EditionDetail | null> {
  const [row] = await db
    .select({
      id: editions.id,
      serial: editions.serial,
      packId: packs.id,
      title: packs.title,
      imageKey: sql<string | null>`coalesce(${packs.previewKey}, ${packs.coverKey})`,
      maxSupply: packs.maxSupply,
      ownerId: users.id,
      ownerName: creatorNameSql,
      ownerUsername: users.username,
      listingId: listings.id,
      listingPrice: listings.priceNano,
      acquiredWith: editions.acquiredWith,
      acquiredAt: editions.acquiredAt,
    })
    .from(editions)
    .innerJoin(packs, eq(packs.id, editions.packId))
    .innerJoin(users, eq(users.id, editions.ownerId))
    .leftJoin(listings, and(eq(listings.editionId, editions.id), eq(listings.status, 'active')))
    .where(eq(editions.id, editionId));
  if (!row) return null;
  const history = await listActivity(db, { editionId, limit: EDITION_HISTORY_LIMIT });
  return {
    id: row.id,
    serial: row.serial,
    pack: { id: row.packId, title: row.title, imageUrl: fileUrl(row.imageKey), maxSupply: row.maxSupply },
    owner: { id: Number(row.ownerId), name: row.ownerName, username: row.ownerUsername },
    listing: row.listingId === null ? null : { id: row.listingId, price: formatTon(row.listingPrice!) },
    ...editionPayment(row, lock.now, lock.lockDays),
    history: history.items,
  };
}

interface ListingRow {
  id: number;
  editionId: number;
  serial: number;
  price: string;
  sellerId: string;
  sellerName: string;
  sellerUsername: string | null;
  createdAt: Date | string;
}

/** Prepared (db/prepared.ts): these reads run on every pack page, and planning them cost as much as running. */
const preparePackReads = (db: DbOrTx) => ({
  exists: db
    .select({ id: packs.id })
    .from(packs)
    .where(eq(packs.id, sql.placeholder('packId')))
    .prepare('pack_exists'),
  // Each row as one JSON object (pg parses it), as the activity feeds: drizzle's mapping of eight columns a
  // row was about a fifth of the route's CPU (670 → 519 µs a request for a pack with eight listings).
  listings: db
    .select({
      row: sql<ListingRow>`json_build_object(
        'id', ${listings.id},
        'editionId', ${listings.editionId},
        'serial', ${editions.serial},
        'price', ${listings.priceNano}::text,
        'sellerId', ${users.id}::text,
        'sellerName', ${creatorNameSql},
        'sellerUsername', ${users.username},
        'createdAt', ${listings.createdAt})`,
    })
    .from(listings)
    .innerJoin(editions, eq(editions.id, listings.editionId))
    .innerJoin(users, eq(users.id, listings.sellerId))
    .where(and(eq(listings.packId, sql.placeholder('packId')), buyableSql('listings', sql.placeholder('now'))))
    .orderBy(asc(listings.priceNano), asc(editions.serial))
    .prepare('pack_listings'),
});
const packReads = perHandle(preparePackReads);

export async function packExists(db: DbOrTx, packId: number): Promise<boolean> {
  const [pack] = await packReads(db).exists.execute({ packId });
  return pack !== undefined;
}

/** The pack's buyable listings, cheapest first (then lowest serial); null when there is no such pack. */
export async function packListings(db: DbOrTx, packId: number, now: Date): Promise<PackListings | null> {
  if (!(await packExists(db, packId))) return null;
  const rows = await packReads(db).listings.execute({ packId, now: now.toISOString() });
  const items = rows.map(({ row }) => ({
    id: Number(row.id),
    editionId: Number(row.editionId),
    serial: Number(row.serial),
    price: formatTon(BigInt(row.price)),
    seller: { id: Number(row.sellerId), name: row.sellerName, username: row.sellerUsername },
    createdAt: new Date(row.createdAt).toISOString(),
  }));
  return { items, floorPrice: items[0]?.price ?? null, count: items.length };
}

/** Every sale of the pack in the last `days` days, oldest first: mints at the pack's price and resales. */
export async function priceHistory(db: DbOrTx, packId: number, days: number, now: Date): Promise<PriceHistory> {
  const rows = await db
    .select({ at: activity.at, priceNano: activity.priceNano, serial: activity.serial, type: activity.type })
    .from(activity)
    .where(
      and(
        eq(activity.packId, packId),
        inArray(activity.type, ['mint', 'sale']),
        gte(activity.at, new Date(now.getTime() - days * DAY_MS)),
      ),
    )
    .orderBy(asc(activity.at), asc(activity.id));
  return {
    points: rows.map((row) => ({
      at: row.at.toISOString(),
      price: formatTon(row.priceNano ?? 0n),
      serial: row.serial,
      kind: row.type === 'mint' ? ('primary' as const) : ('resale' as const),
    })),
  };
}
