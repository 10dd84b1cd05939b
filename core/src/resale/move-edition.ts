import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Transaction } from '../db/client.js';
import { editions } from '../db/schema.js';
import type { GroupCall } from '../db/group-commit.js';
import { enqueueOutboxMessages, outboxInserts, outboxMessage, type OutboxMessage } from '../outbox/enqueue.js';
import type { OutboxKey } from '../outbox/keys.js';
import { columnsOf, queryRows } from '../db/sql-rows.js';
import { ownsEdition } from '../sales/rules.js';
import { recordActivity } from './activity.js';
import { lapseEditionOffers } from './edition-offers.js';
import { activity, listings, type ActivityType } from './tables.js';

/**
 * The one way an edition changes hands: a primary sale (from the pack's supply: it is minted), a resale
 * (from a listing or an accepted offer), a gift claimed or bought for someone, and a Stars refund that takes
 * it back to the pack's supply. The caller holds the edition's row lock (`lockEdition`; a mint takes the
 * pack's itself, as it counts the sale) and has decided the move may happen; this writes everything a move
 * means, in the caller's transaction:
 * - the owner (and how they paid, for the Stars lock; a gift keeps the giver's, so the lock travels with it);
 * - the provenance row (activity: a sale with its price, a gift from and to);
 * - the edition's active listing closed: sold to the order that bought it, else cancelled;
 * - its open offers lapsed, their bidders told (offers on the whole pack stay open);
 * - the sender's Telegram sticker set removed when they hold no other edition of the pack;
 * - the messages the move calls for.
 */
export type EditionMove = HandOver | Mint;

interface HandOver extends MoveCommon {
  edition: { id: number; packId: number; serial: number; ownerId: number };
  /** Who gets it; `supply` takes it back (the edition row and its feed go, the serial is free again). */
  to: number | 'supply';
  /** The provenance entry; `null` for a move back to the supply, whose history goes with the edition. */
  type: Extract<ActivityType, 'sale' | 'gift'> | null;
  /** Dedupe key of the sender's sticker set removal, when it goes. */
  setRevokeKey: OutboxKey<'sticker_set_revoke'>;
}

/**
 * A primary sale: the edition comes out of the pack's supply. The sale is counted on the pack, which takes
 * its row lock, and the edition minted, in one call for every payment of the group at once
 * (`mint_primary_editions`): the serial is the next one, or the lowest a revoked edition freed. Nothing is
 * minted when the pack is removed or sold out, when the buyer holds an edition of it already, or when a
 * lapsed order's edition went to someone else's reservation meanwhile.
 */
interface Mint {
  mint: { packId: number; orderId: string; lapsed: boolean };
  to: number;
  type: 'mint';
  priceNano: bigint;
  acquired: { with: string; at: Date };
  /** The sale's messages, once its serial is known. */
  messages(sale: MintedSale): readonly OutboxMessage[];
  /** The settlements sharing this transaction: the count and mint, and the messages, go with theirs. */
  group: GroupCall;
}

interface MoveCommon {
  priceNano: bigint | null;
  /** How and when the new owner paid; absent keeps the edition's (a gift). */
  acquired?: { with: string; at: Date };
  /** The listing the move sells (a listing's order); any other active listing is cancelled. */
  soldThrough?: { listingId: number; orderId: string };
  at: Date;
  messages: readonly OutboxMessage[];
}

/** The pack as its sale was counted: its sold count includes the sale. */
export interface CountedPack {
  id: number;
  title: string;
  maxSupply: number;
  creatorId: number;
  soldCount: number;
}

/** The minted edition and its pack. */
export interface MintedSale {
  id: number;
  serial: number;
  pack: CountedPack;
}

/**
 * What a mint did: `minted`, or why nothing was: `not_counted` (the pack removed, or every edition sold; the
 * caller reads which), `already_owned`, or `sold_out` (a lapsed order's edition is gone).
 */
export type Minted =
  | ({ outcome: 'minted' } & MintedSale)
  | { outcome: 'not_counted' }
  | { outcome: 'already_owned' | 'sold_out'; pack: CountedPack };

/** 'kept': a move back to the supply found the edition went on the market, and left it where it is. */
export async function moveEdition(tx: Transaction, move: Mint): Promise<Minted>;
export async function moveEdition(tx: Transaction, move: HandOver): Promise<'moved' | 'kept'>;
export async function moveEdition(tx: Transaction, move: EditionMove): Promise<'moved' | 'kept' | Minted> {
  if ('mint' in move) return mintEdition(tx, move);
  const { edition, at } = move;
  let lapsed: OutboxMessage[] = [];
  if (move.to === 'supply') {
    if (!(await deleteUnmarketedEdition(tx, edition.id))) return 'kept';
  } else {
    await tx
      .update(editions)
      .set({
        ownerId: move.to,
        ...(move.acquired && { acquiredWith: move.acquired.with, acquiredAt: move.acquired.at }),
      })
      .where(eq(editions.id, edition.id));
    await closeListing(tx, edition.id, move.soldThrough, at);
    lapsed = await lapseEditionOffers(tx, edition.id, move.to, at);
  }
  if (move.type && move.to !== 'supply') {
    await recordActivity(tx, {
      packId: edition.packId,
      editionId: edition.id,
      serial: edition.serial,
      type: move.type,
      priceNano: move.priceNano,
      fromId: edition.ownerId,
      toId: move.to,
      at,
    });
  }
  const setGoes = !(await holdsEditionOf(tx, edition.ownerId, edition.packId, edition.id));
  const revoke = { userId: edition.ownerId, packId: edition.packId };
  await enqueueOutboxMessages(tx, [
    ...move.messages,
    ...lapsed,
    ...(setGoes ? [outboxMessage('sticker_set_revoke', revoke, move.setRevokeKey)] : []),
  ]);
  return 'moved';
}

async function mintEdition(tx: Transaction, move: Mint): Promise<Minted> {
  const item: MintItem = {
    orderId: move.mint.orderId,
    packId: move.mint.packId,
    buyerId: move.to,
    priceNano: move.priceNano,
    lapsed: move.mint.lapsed,
    acquired: move.acquired,
  };
  const minted = await move.group.atContendedLock(tx, mintTogether, item);
  if (minted.outcome === 'minted') await move.group.writeLater(tx, outboxInserts, move.messages(minted));
  return minted;
}

interface MintItem {
  orderId: string;
  packId: number;
  buyerId: number;
  priceNano: bigint;
  lapsed: boolean;
  acquired: { with: string; at: Date };
}

interface MintRow {
  order_id: string;
  outcome: 'minted' | 'not_counted' | 'already_owned' | 'sold_out';
  edition_id: string | null;
  serial: number | null;
  title: string | null;
  max_supply: number | null;
  creator_id: string | null;
  sold_count: number | null;
}

/** The group's sales at the pack's row lock: counted and minted in one call (core/sql/mint_primary_editions.sql). */
async function mintTogether(tx: Transaction, items: readonly MintItem[]): Promise<Minted[]> {
  const column = columnsOf(items);
  const rows = await queryRows<MintRow>(
    tx,
    sql`select * from mint_primary_editions(${column((i) => i.orderId)}::uuid[], ${column((i) => i.packId)}::integer[],
      ${column((i) => String(i.buyerId))}::bigint[], ${column((i) => String(i.priceNano))}::bigint[],
      ${column((i) => i.lapsed)}::boolean[], ${column((i) => i.acquired.with)}::text[],
      ${column((i) => i.acquired.at.toISOString())}::timestamptz[])`,
  );
  const byOrder = new Map(rows.map((row) => [row.order_id, row]));
  return items.map((item) => mintedOf(item, byOrder.get(item.orderId)));
}

function mintedOf(item: MintItem, row: MintRow | undefined): Minted {
  if (!row) throw new Error(`mint_primary_editions left order ${item.orderId} out`);
  if (row.outcome === 'not_counted') return { outcome: 'not_counted' };
  const pack = {
    id: item.packId,
    title: row.title!,
    maxSupply: Number(row.max_supply),
    creatorId: Number(row.creator_id),
    soldCount: Number(row.sold_count),
  };
  if (row.outcome !== 'minted') return { outcome: row.outcome, pack };
  return { outcome: 'minted', id: Number(row.edition_id), serial: Number(row.serial), pack };
}

/**
 * Whether the user holds an edition of the pack (other than `exceptEditionId`): "already owns one", the
 * database's `owns_edition`, which a reservation and a drop's rules ask too. A primary sale asks it under the
 * pack's row lock; the sticker set's removal, a pack-wide offer's holders and the Stars pre-checkout too.
 */
export async function holdsEditionOf(
  tx: DbOrTx,
  userId: number,
  packId: number,
  exceptEditionId?: number,
): Promise<boolean> {
  const [row] = await queryRows<{ owns: boolean }>(
    tx,
    sql`select ${ownsEdition(userId, packId, exceptEditionId)} as owns`,
  );
  return row?.owns === true;
}

async function closeListing(tx: Transaction, editionId: number, sold: HandOver['soldThrough'], at: Date) {
  const closed = { closedAt: at, updatedAt: at };
  if (sold) {
    await tx
      .update(listings)
      .set({ status: 'sold', soldOrderId: sold.orderId, ...closed })
      .where(eq(listings.id, sold.listingId));
  }
  await tx
    .update(listings)
    .set({ status: 'cancelled', ...closed })
    .where(and(eq(listings.editionId, editionId), eq(listings.status, 'active')));
}

/**
 * Deletes the edition with its feed entries, unless it ever went on the market: a listing, an offer, a
 * resale order or a gift still refers to it (their foreign keys refuse the delete, and a savepoint undoes
 * the attempt). Whichever table points at it, the answer is the same: not ours to take back alone.
 */
async function deleteUnmarketedEdition(tx: Transaction, editionId: number): Promise<boolean> {
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint.delete(activity).where(eq(activity.editionId, editionId));
      await savepoint.delete(editions).where(eq(editions.id, editionId));
    });
    return true;
  } catch (error) {
    if (isForeignKeyViolation(error)) return false;
    throw error;
  }
}

/** Postgres' foreign_key_violation, wherever the driver or drizzle wrapped it. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Object; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23503') return true;
  }
  return false;
}
