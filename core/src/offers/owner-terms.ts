import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { formatTon, splitResalePrice } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { editions, packs } from '../db/schema.js';
import { buyableSql } from '../resale/holds.js';
import { listings } from '../resale/tables.js';
import { liveReservationOf } from '../sales/rules.js';

/**
 * What accepting an offer means for one owner, so the chat and the app can say it before the tap: what
 * they receive after the creator's royalty and the marketplace fee (the split a resale pays), their own
 * listing price, the pack's floor, and whether a buyer's reservation holds the edition right now.
 */

/** One edition of the owner's, as accepting an offer on it would find it. */
export interface OwnerEdition {
  editionId: number;
  serial: number;
  packId: number;
  listingPriceNano: bigint | null;
  held: boolean;
}

/** A pack's resale figures: the royalty every resale pays, and its cheapest buyable listing. */
export interface PackResaleFigures {
  royaltyBps: number;
  floorNano: bigint | null;
}

export interface OwnerTerms {
  receive: string;
  listingPrice: string | null;
  floor: string | null;
  held: boolean;
  editions: Array<{ editionId: number; serial: number; listingPrice: string | null; held: boolean }>;
}

/** The owner's editions in these packs (lowest serial first), each with its listing and hold. */
export async function ownerEditionsIn(
  db: DbOrTx,
  ownerId: number,
  packIds: number[],
  now: Date,
): Promise<OwnerEdition[]> {
  if (packIds.length === 0) return [];
  const rows = await db
    .select({
      editionId: editions.id,
      serial: editions.serial,
      packId: editions.packId,
      listingPrice: sql<string | null>`(select l.price_nano::text from listings l
        where l.edition_id = editions.id and l.status = 'active' limit 1)`,
      held: sql<boolean>`exists (select 1 from orders ho where ho.edition_id = editions.id
        and ${liveReservationOf('ho', now)})`,
    })
    .from(editions)
    .where(and(eq(editions.ownerId, ownerId), inArray(editions.packId, packIds)))
    .orderBy(asc(editions.packId), asc(editions.serial));
  return rows.map((row) => ({
    ...row,
    listingPriceNano: row.listingPrice === null ? null : BigInt(row.listingPrice),
    held: Boolean(row.held),
  }));
}

/** Each pack's royalty and floor at `now`. */
export async function packResaleFigures(
  db: DbOrTx,
  packIds: number[],
  now: Date,
): Promise<Map<number, PackResaleFigures>> {
  if (packIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: packs.id,
      royaltyBps: packs.royaltyBps,
      // Written out with the table named: inside a one-table select the column alone would be ambiguous.
      floorNano: sql<string | null>`(select min(fl.price_nano)::text from listings fl
        where fl.pack_id = packs.id and ${buyableSql('fl', now)})`,
    })
    .from(packs)
    .where(inArray(packs.id, [...new Set(packIds)]));
  return new Map(
    rows.map((row) => [
      row.id,
      { royaltyBps: row.royaltyBps, floorNano: row.floorNano === null ? null : BigInt(row.floorNano) },
    ]),
  );
}

/**
 * The terms of an offer at `priceNano` for the owner of `own` (the editions it can buy: the offer's one, or
 * theirs in the pack). A pack-wide offer's listing price is their cheapest listing, and it is held only when
 * every edition of theirs is.
 */
export function ownerTerms(
  priceNano: bigint,
  own: OwnerEdition[],
  pack: PackResaleFigures,
  feeBps: number,
): OwnerTerms {
  const listed = own.flatMap((edition) => (edition.listingPriceNano === null ? [] : [edition.listingPriceNano]));
  const cheapest = listed.reduce<bigint | null>((min, price) => (min === null || price < min ? price : min), null);
  return {
    receive: formatTon(splitResalePrice(priceNano, pack.royaltyBps, feeBps).seller),
    listingPrice: cheapest === null ? null : formatTon(cheapest),
    floor: pack.floorNano === null ? null : formatTon(pack.floorNano),
    held: own.length > 0 && own.every((edition) => edition.held),
    editions: own.map((edition) => ({
      editionId: edition.editionId,
      serial: edition.serial,
      listingPrice: edition.listingPriceNano === null ? null : formatTon(edition.listingPriceNano),
      held: edition.held,
    })),
  };
}

/** The active listing price of each of these editions that is on sale. */
export async function listingPricesOf(db: DbOrTx, editionIds: number[]): Promise<Map<number, bigint>> {
  if (editionIds.length === 0) return new Map();
  const rows = await db
    .select({ editionId: listings.editionId, priceNano: listings.priceNano })
    .from(listings)
    .where(and(inArray(listings.editionId, editionIds), eq(listings.status, 'active')));
  return new Map(rows.map((row) => [row.editionId, row.priceNano]));
}
