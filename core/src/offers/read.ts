import { and, asc, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  formatTon,
  MESSAGES,
  parseTon,
  type MyOffers,
  type Offer,
  type OfferStatus,
  type PackOffers,
  type ReceivedOffer,
} from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { editions, orders, packs, users } from '../db/schema.js';
import { effectiveStatus } from '../sales/rules.js';
import { DomainError } from '../errors.js';
import { creatorNameSql } from '../profile/display-name.js';
import { fileUrl } from '../storage/storage.js';
import { packExists } from '../resale/read.js';
import { offers } from './tables.js';
import { ownerEditionsIn, ownerTerms, packResaleFigures } from './owner-terms.js';

/** The bidder's own list keeps this many offers (open first, then the latest accepted). */
const MINE_LIMIT = 100;

function offerColumns() {
  return {
    offer: offers,
    serial: editions.serial,
    title: packs.title,
    imageKey: sql<string | null>`coalesce(${packs.previewKey}, ${packs.coverKey})`,
    bidderName: creatorNameSql,
    order: { id: orders.id, status: orders.status, expiresAt: orders.expiresAt },
  };
}

interface SelectOptions {
  limit?: number;
  /** Newest first instead of highest price first (the earlier of two equal offers first: it came first). */
  newestFirst?: boolean;
}

async function selectOffers(
  db: DbOrTx,
  where: SQL | undefined,
  now: Date,
  options: SelectOptions = {},
): Promise<Offer[]> {
  const query = db
    .select(offerColumns())
    .from(offers)
    .innerJoin(packs, eq(packs.id, offers.packId))
    .innerJoin(users, eq(users.id, offers.bidderId))
    .leftJoin(editions, eq(editions.id, sql`coalesce(${offers.editionId}, ${offers.soldEditionId})`))
    .leftJoin(orders, eq(orders.id, offers.orderId))
    .where(where)
    .orderBy(...(options.newestFirst ? [desc(offers.id)] : [desc(offers.priceNano), asc(offers.id)]));
  const rows = options.limit ? await query.limit(options.limit) : await query;
  return rows.map((row) => ({
    id: row.offer.id,
    editionId: row.offer.editionId,
    serial: row.offer.editionId === null ? null : row.serial,
    packId: row.offer.packId,
    pack: { id: row.offer.packId, title: row.title, imageUrl: fileUrl(row.imageKey) },
    price: formatTon(row.offer.priceNano),
    expiresAt: row.offer.expiresAt.toISOString(),
    createdAt: row.offer.createdAt.toISOString(),
    status: offerStatus(row.offer, now),
    bidder: { id: Number(row.offer.bidderId), name: row.bidderName },
    order:
      row.order?.id == null
        ? null
        : {
            id: row.order.id,
            status: effectiveStatus({ status: row.order.status, expiresAt: row.order.expiresAt }, now),
            expiresAt: row.order.expiresAt.toISOString(),
          },
  }));
}

/** An open offer past its time reads as expired before the expiry job gets to it. */
function offerStatus(offer: { status: string; expiresAt: Date }, now: Date): OfferStatus {
  if (offer.status === 'open' && offer.expiresAt.getTime() <= now.getTime()) return 'expired';
  return offer.status as OfferStatus;
}

/** Open and not past its time. */
export const isOpenSql = (now: Date) => and(eq(offers.status, 'open'), gt(offers.expiresAt, now));

export async function findOffer(db: DbOrTx, offerId: number, now: Date): Promise<Offer | null> {
  const [offer] = await selectOffers(db, eq(offers.id, offerId), now);
  return offer ?? null;
}

/**
 * Open offers on the pack and on each of its editions, highest first (of equal ones, the earlier); refused
 * when there is no such pack.
 */
export async function packOffers(db: DbOrTx, packId: number, now: Date): Promise<PackOffers> {
  if (!(await packExists(db, packId))) throw new DomainError('not_found', MESSAGES.packNotFound);
  const items = await selectOffers(db, and(eq(offers.packId, packId), isOpenSql(now)), now);
  return { items, best: items[0]?.price ?? null };
}

/**
 * `made`: the user's open offers, and accepted ones (to pay, or paid), newest first. `received`: open
 * offers on editions they own, and pack-wide ones (from others) on packs they hold an edition of, each with
 * what accepting it means for them at `feeBps` (the marketplace fee).
 */
export async function myOffers(db: DbOrTx, userId: number, now: Date, feeBps: number): Promise<MyOffers> {
  const made = await selectOffers(
    db,
    and(eq(offers.bidderId, userId), or(isOpenSql(now), eq(offers.status, 'accepted'))),
    now,
    { limit: MINE_LIMIT, newestFirst: true },
  );
  const owned = db.select({ id: editions.id }).from(editions).where(eq(editions.ownerId, userId));
  const held = db.select({ packId: editions.packId }).from(editions).where(eq(editions.ownerId, userId));
  const received = await selectOffers(
    db,
    and(
      isOpenSql(now),
      sql`${offers.bidderId} <> ${userId}`,
      or(inArray(offers.editionId, owned), and(isNull(offers.editionId), inArray(offers.packId, held))),
    ),
    now,
    { limit: MINE_LIMIT },
  );
  return { made, received: await withOwnerTerms(db, userId, received, now, feeBps) };
}

/** Each received offer with what accepting it gives the owner, their listing, the floor and the hold. */
async function withOwnerTerms(
  db: DbOrTx,
  ownerId: number,
  received: Offer[],
  now: Date,
  feeBps: number,
): Promise<ReceivedOffer[]> {
  const packIds = [...new Set(received.map((offer) => offer.packId))];
  const own = await ownerEditionsIn(db, ownerId, packIds, now);
  const figures = await packResaleFigures(db, packIds, now);
  return received.map((offer) => {
    const buyable = own.filter((edition) =>
      offer.editionId === null ? edition.packId === offer.packId : edition.editionId === offer.editionId,
    );
    const pack = figures.get(offer.packId) ?? { royaltyBps: 0, floorNano: null };
    return { ...offer, ...ownerTerms(parseTon(offer.price)!, buyable, pack, feeBps) };
  });
}
