import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Transaction } from '../db/client.js';
import { editions } from '../db/schema.js';
import type { GroupCall } from '../db/group-commit.js';
import { enqueueOutboxMessages, outboxMessage, type OutboxMessage } from '../outbox/enqueue.js';
import type { OutboxKey } from '../outbox/keys.js';
import { queryRows } from '../db/sql-rows.js';
import { ownsEdition } from '../sales/rules.js';
import { recordActivity } from './activity.js';
import { lapseEditionOffers } from './edition-offers.js';
import { activity, listings, type ActivityType } from './tables.js';

/**
 * The one way an edition changes hands: a primary sale (from the pack's supply: it is minted), a resale
 * (from a listing or an accepted offer), a gift claimed or bought for someone, and a Stars refund that takes
 * it back to the pack's supply. The caller holds the edition's row lock (`lockEdition`; for a mint, the
 * pack's) and has decided the move may happen; this writes everything a move means, in the caller's
 * transaction:
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
 * A primary sale: the edition comes out of the pack's supply. The caller holds the pack's row lock and has
 * counted the sale (`soldCount` includes it); the serial is chosen here, in the statement that mints, so
 * the lock waits for as few round trips as can be: the next one, or the lowest a revoked edition freed.
 * Nothing is minted when the buyer already holds an edition of the pack, read in that same statement.
 */
interface Mint {
  mint: { packId: number; soldCount: number; orderId: string };
  to: number;
  type: 'mint';
  priceNano: bigint;
  acquired: { with: string; at: Date };
  at: Date;
  /** An insert written with the edition, reading it as `minted` (the creator's credit); null for none. */
  alongside: SQL | null;
  /** The sale's messages, once its serial is known. */
  messages(serial: number): readonly OutboxMessage[];
  /** The settlements sharing this transaction: the messages are written with theirs. */
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

/** The minted edition, or null when the buyer holds one of the pack already and nothing was minted. */
export type Minted = { id: number; serial: number } | null;

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

/**
 * The new edition, its mint in the feed (with the price paid) and what is written alongside, in one
 * statement; then the sale's messages. Read in the statement, so on everything committed before the pack's
 * lock was taken: whether the buyer owns an edition already, and the highest serial. Serials run 1…supply
 * in the order sales settle; editions are only added or removed under the pack's row lock, so while none
 * is free the highest is the number sold before this sale, and only a gap is searched for.
 */
async function mintEdition(tx: Transaction, move: Mint): Promise<Minted> {
  const { mint, at, acquired } = move;
  const [minted] = await queryRows<{ id: number; serial: number }>(
    tx,
    sql`with standing as (
      select ${ownsEdition(move.to, mint.packId)} as owned,
        (select coalesce(max(e.serial), 0) from editions e where e.pack_id = ${mint.packId}::int) as highest
    ), slot as (
      select case when highest < ${mint.soldCount}::int then ${mint.soldCount}::int
        else (select min(s) from generate_series(1, ${mint.soldCount}::int) s
          where not exists (select 1 from editions x where x.pack_id = ${mint.packId}::int and x.serial = s)) end
        as serial
      from standing where not owned
    ), minted as (
      insert into editions
        (pack_id, serial, owner_id, order_id, purchase_price_nano, acquired_with, acquired_at, created_at)
      select ${mint.packId}::int, serial, ${move.to}::bigint, ${mint.orderId}::uuid, ${move.priceNano}::bigint,
        ${acquired.with}, ${acquired.at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
      from slot
      returning id, pack_id, serial, order_id
    ), feed as (
      insert into activity (pack_id, edition_id, serial, type, price_nano, from_id, to_id, at)
      select pack_id, id, serial, 'mint', ${move.priceNano}::bigint, null, ${move.to}::bigint,
        ${at.toISOString()}::timestamptz
      from minted
    )${move.alongside ? sql`, alongside as (${move.alongside})` : sql``}
    select id, serial from minted`,
  );
  if (!minted) return null;
  const serial = Number(minted.serial);
  await move.group.writeLater(tx, enqueueOutboxMessages, move.messages(serial));
  return { id: Number(minted.id), serial };
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
