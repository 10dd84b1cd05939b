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
import { isoTimeSql } from '../db/iso-time.js';
import { creatorNameSql } from '../profile/display-name.js';
import { listActivity } from './activity.js';
import { perHandle } from '../db/prepared.js';
import { buyableSql } from './holds.js';
import { editionPayment } from './stars-lock.js';
import { activity, listings } from './tables.js';
import { packListedSql } from '../sales/listed.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const EDITION_HISTORY_LIMIT = 100;

/**
 * An edition's public page: its pack, its owner, its listing, how the owner paid (and the Stars lock), and
 * everything that happened to it. Of a pack the marketplace removed, only the owner (`viewerId`) sees it.
 */
export async function getEdition(
  db: DbOrTx,
  editionId: number,
  lock: { now: Date; lockDays: number } = { now: new Date(), lockDays: DEFAULT_STARS_RESALE_LOCK_DAYS },
  viewerId: number | null = null,
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
      status: packs.status,
      removedReason: packs.removedReason,
    })
    .from(editions)
    .innerJoin(packs, eq(packs.id, editions.packId))
    .innerJoin(users, eq(users.id, editions.ownerId))
    .leftJoin(listings, and(eq(listings.editionId, editions.id), eq(listings.status, 'active')))
    .where(eq(editions.id, editionId));
  // A removed pack's edition is its owner's alone to see, marked removed; anyone else finds nothing.
  if (!row || (row.status !== 'listed' && row.ownerId !== viewerId)) return null;
  const history = await listActivity(db, { editionId, limit: EDITION_HISTORY_LIMIT });
  return {
    id: row.id,
    serial: row.serial,
    pack: { id: row.packId, title: row.title, imageUrl: fileUrl(row.imageKey), maxSupply: row.maxSupply },
    owner: { id: Number(row.ownerId), name: row.ownerName, username: row.ownerUsername },
    listing: row.listingId === null ? null : { id: row.listingId, price: formatTon(row.listingPrice!) },
    ...editionPayment(row, lock.now, lock.lockDays),
    history: history.items,
    ...(row.removedReason ? { removed: { reason: row.removedReason } } : {}),
  };
}

/** Prepared (db/prepared.ts): these reads run on every pack page, and planning them cost as much as running. */
const preparePackReads = (db: DbOrTx) => ({
  exists: db
    .select({ id: packs.id })
    .from(packs)
    .where(and(eq(packs.id, sql.placeholder('packId')), packListedSql))
    .prepare('pack_exists'),
  // From the pack, so a pack without listings answers an empty list and no pack answers no row.
  listings: db
    .select({ json: packListingsJsonSql })
    .from(packs)
    .leftJoin(listings, and(eq(listings.packId, packs.id), buyableSql('listings', sql.placeholder('now'))))
    .leftJoin(editions, eq(editions.id, listings.editionId))
    .leftJoin(users, eq(users.id, listings.sellerId))
    .where(and(eq(packs.id, sql.placeholder('packId')), packListedSql))
    .groupBy(packs.id)
    .prepare('pack_listings'),
});
const packReads = perHandle(preparePackReads);

/**
 * `PackListings` as JSON text written by Postgres, for the route to send as it is (as the activity feeds):
 * mapping and serialising the rows was most of the route's own time against its floor. The
 * price by `format_ton` and the time by `isoTimeSql`, as on the cards; the floor is the cheapest's price.
 */
const packListingsJsonSql = sql<string>`json_build_object(
  'items', coalesce(json_agg(json_build_object(
      'id', ${listings.id},
      'editionId', ${listings.editionId},
      'serial', ${editions.serial},
      'price', format_ton(${listings.priceNano}),
      'seller', json_build_object('id', ${users.id}, 'name', ${creatorNameSql}, 'username', ${users.username}),
      'createdAt', ${isoTimeSql(listings.createdAt)}
    ) order by ${listings.priceNano}, ${editions.serial}) filter (where ${listings.id} is not null), '[]'::json),
  'floorPrice', format_ton(min(${listings.priceNano})),
  'count', count(${listings.id}))::text`;

/** Whether a pack exists that visitors may see (not removed by the marketplace). */
export async function packExists(db: DbOrTx, packId: number): Promise<boolean> {
  const [pack] = await packReads(db).exists.execute({ packId });
  return pack !== undefined;
}

/** The pack's buyable listings, cheapest first (then lowest serial); null when there is no such pack. */
export async function packListings(db: DbOrTx, packId: number, now: Date): Promise<PackListings | null> {
  const text = await packListingsJson(db, packId, now);
  return text === null ? null : (JSON.parse(text) as PackListings);
}

/** `packListings` as the JSON text Postgres writes, for the API to send as it is. */
export async function packListingsJson(db: DbOrTx, packId: number, now: Date): Promise<string | null> {
  const [row] = await packReads(db).listings.execute({ packId, now: now.toISOString() });
  return row?.json ?? null;
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
