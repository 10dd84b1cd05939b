import { eq } from 'drizzle-orm';
import { MESSAGES, OPS_ERRORS, type RemovalReason, type ReportReason } from '@stickerdrop/shared';
import type { Database, Transaction } from '../db/client.js';
import { editions, packs } from '../db/schema.js';
import { DomainError } from '../errors.js';
import { reversePendingCreditsOfPack } from '../balance/credit.js';
import { enqueueOutboxMessages, outboxMessage, type OutboxMessage } from '../outbox/enqueue.js';
import { outboxKey } from '../outbox/keys.js';
import { recordAudit } from './audit.js';
import { closePackMarket, type ClosedMarket } from './close-market.js';
import { queuePackRefunds } from './refund-purchases.js';
import { closeOpenReports } from './reports.js';

export interface TakedownInput {
  operatorId: number;
  packId: number;
  reason: ReportReason;
  note: string;
  now: Date;
}

export interface TakedownResult {
  packId: number;
  reason: ReportReason;
  market: ClosedMarket;
  owners: number;
  refundsQueued: number;
  setsDeleted: number;
}

type PackRow = typeof packs.$inferSelect;

/**
 * An operator takes a pack down, in one transaction under the pack's row lock: it is no longer listed (gone
 * from every visitor's read, refused to every trade), its market closes, its open reports are answered, its
 * creator, owners and bidders are told why, and the audit log says so. For copyright, each owner's Telegram
 * set is deleted, every purchase of a new edition is refunded on its rail and the creator's pending credits
 * for the pack are reversed. 404 unknown pack, 409 taken down already.
 */
export async function takeDownPack(db: Database, input: TakedownInput): Promise<TakedownResult> {
  return db.transaction(async (tx) => {
    const pack = await lockPack(tx, input.packId);
    if (pack.status !== 'listed') throw new DomainError('already_done', OPS_ERRORS.packAlreadyRemoved);
    const { market, ownerIds } = await removePack(tx, pack, input.reason, input.now);
    const copyright = input.reason === 'copyright';
    const refundsQueued = copyright ? await queuePackRefunds(tx, pack, input.now) : 0;
    if (copyright) await reversePendingCreditsOfPack(tx, pack.id, input.now);
    const told = { pack, reason: input.reason, at: input.now, refunded: copyright };
    await enqueueOutboxMessages(tx, [
      ...removalNotices(told, ownerIds, market.bidderIds),
      ...(copyright ? setRevocations(pack.id, ownerIds, input.now) : []),
    ]);
    const result = {
      packId: pack.id,
      reason: input.reason,
      market,
      owners: ownerIds.length,
      refundsQueued,
      setsDeleted: copyright ? ownerIds.length : 0,
    };
    await recordAudit(tx, {
      operatorId: input.operatorId,
      action: 'pack.takedown',
      target: { kind: 'pack', id: pack.id },
      reason: input.reason,
      note: input.note,
      before: { status: pack.status },
      after: { status: 'removed', removedReason: input.reason, ...result, market: { ...market, bidderIds: undefined } },
      at: input.now,
    });
    return result;
  });
}

export async function lockPack(tx: Transaction, packId: number): Promise<PackRow> {
  const [pack] = await tx.select().from(packs).where(eq(packs.id, packId)).for('update');
  if (!pack) throw new DomainError('not_found', MESSAGES.packNotFound);
  return pack;
}

/**
 * The pack (locked by the caller) is no longer listed, with why; its market closes and its open reports are
 * answered. Returns what closed and who holds its editions.
 */
export async function removePack(tx: Transaction, pack: PackRow, reason: RemovalReason, now: Date) {
  await tx.update(packs).set({ status: 'removed', removedReason: reason, removedAt: now }).where(eq(packs.id, pack.id));
  const market = await closePackMarket(tx, pack.id, now);
  await closeOpenReports(tx, pack.id, now);
  const owners = await tx
    .selectDistinct({ ownerId: editions.ownerId })
    .from(editions)
    .where(eq(editions.packId, pack.id));
  return { market, ownerIds: owners.map((owner) => owner.ownerId) };
}

interface Told {
  pack: PackRow;
  reason: RemovalReason;
  at: Date;
  refunded: boolean;
}

/** The creator, each owner and each bidder, once each (a creator who owns an edition hears as the creator). */
function removalNotices(told: Told, ownerIds: number[], bidderIds: number[]): OutboxMessage[] {
  const { pack, reason, at, refunded } = told;
  const roles = new Map<number, 'creator' | 'owner' | 'bidder'>();
  for (const id of bidderIds) roles.set(id, 'bidder');
  for (const id of ownerIds) roles.set(id, 'owner');
  roles.set(pack.creatorId, 'creator');
  return [...roles].map(([userId, role]) =>
    outboxMessage(
      'pack_removed',
      { userId, packId: pack.id, title: pack.title, reason, role, refunded },
      outboxKey.pack_removed(pack.id, at, userId),
    ),
  );
}

/** Each owner's Telegram set of the pack goes (the bot deletes it; an owner who never made one has none). */
function setRevocations(packId: number, ownerIds: number[], at: Date): OutboxMessage[] {
  return ownerIds.map((userId) =>
    outboxMessage(
      'sticker_set_revoke',
      { userId, packId },
      outboxKey.sticker_set_revoke({ takenDownPackId: packId, at, userId }),
    ),
  );
}

/**
 * An operator brings a removed pack back (a takedown reversed, or a banned creator's pack reviewed): listed
 * again, in the market's reads and open to trades. Nothing is refunded again: refunds already queued or made
 * stay as they are. 404 unknown pack, 409 not removed.
 */
export async function restorePack(
  db: Database,
  input: { operatorId: number; packId: number; note: string; now: Date },
): Promise<{ packId: number }> {
  return db.transaction(async (tx) => {
    const pack = await lockPack(tx, input.packId);
    if (pack.status === 'listed') throw new DomainError('already_done', OPS_ERRORS.packNotRemoved);
    await tx.update(packs).set({ status: 'listed', removedReason: null, removedAt: null }).where(eq(packs.id, pack.id));
    await closeOpenReports(tx, pack.id, input.now);
    await recordAudit(tx, {
      operatorId: input.operatorId,
      action: 'pack.restore',
      target: { kind: 'pack', id: pack.id },
      reason: pack.removedReason,
      note: input.note,
      before: { status: pack.status, removedReason: pack.removedReason, removedAt: pack.removedAt },
      after: { status: 'listed' },
      at: input.now,
    });
    return { packId: pack.id };
  });
}
