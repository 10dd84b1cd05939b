import { desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { GIFT_ERRORS, type GiftDetail, type GiftState, type MyGifts } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { editions, packs, users } from '../db/schema.js';
import { DomainError } from '../errors.js';
import { publicNameSql } from '../profile/display-name.js';
import { fileUrlSql } from '../storage/storage.js';
import { gifts } from './tables.js';

/** A gift's own link, for its sender to share again: `giftClaimLink` with the bot's name, or none. */
export type ClaimUrlOf = (code: string) => string | null;

const sender = alias(users, 'gift_sender');

const giftColumns = {
  code: gifts.code,
  status: gifts.status,
  expiresAt: gifts.expiresAt,
  note: gifts.note,
  hideSender: gifts.hideSender,
  senderId: gifts.senderId,
  recipientId: gifts.recipientId,
  senderName: publicNameSql(sender),
  packId: packs.id,
  title: packs.title,
  // The pack's picture as every page shows it: its preview (whose sizes the app asks for), else the cover.
  imageUrl: fileUrlSql(sql`coalesce(${packs.previewKey}, ${packs.coverKey})`),
  maxSupply: packs.maxSupply,
  editionId: editions.id,
  serial: editions.serial,
};

async function readGifts(db: DbOrTx, where: SQL | undefined, limit: number) {
  return db
    .select(giftColumns)
    .from(gifts)
    .innerJoin(editions, eq(editions.id, gifts.editionId))
    .innerJoin(packs, eq(packs.id, gifts.packId))
    .innerJoin(sender, eq(sender.id, gifts.senderId))
    .where(where)
    .orderBy(desc(gifts.id))
    .limit(limit);
}

type GiftLine = Awaited<ReturnType<typeof readGifts>>[number];

/** What anyone signed in sees of a gift by its code; 404 for an unknown code or one not paid for yet. */
export async function getGift(
  db: DbOrTx,
  input: { code: string; viewer: number; claimUrlOf: ClaimUrlOf; now: Date },
): Promise<GiftDetail> {
  const [line] = await readGifts(db, eq(gifts.code, input.code), 1);
  if (!line) throw new DomainError('not_found', GIFT_ERRORS.notFound);
  return toGiftDetail(line, input.viewer, input.claimUrlOf, input.now);
}

/** Gifts in the collection: the ones the user sent (pending or not) and received, newest first. */
export async function listMyGifts(db: DbOrTx, userId: number, claimUrlOf: ClaimUrlOf, now: Date): Promise<MyGifts> {
  const lines = await readGifts(db, or(eq(gifts.senderId, userId), eq(gifts.recipientId, userId)), 200);
  const detail = (line: GiftLine) => toGiftDetail(line, userId, claimUrlOf, now);
  return {
    sent: lines.filter((line) => line.senderId === userId).map(detail),
    received: lines.filter((line) => line.recipientId === userId).map(detail),
  };
}

/** A pending gift past its time reads as expired before the expiry job gets to it. */
function stateOf(line: GiftLine, now: Date): GiftState {
  if (line.status === 'pending' && line.expiresAt!.getTime() <= now.getTime()) return 'expired';
  return line.status as GiftState;
}

function toGiftDetail(line: GiftLine, viewer: number, claimUrlOf: ClaimUrlOf, now: Date): GiftDetail {
  const state = stateOf(line, now);
  const own = line.senderId === viewer;
  return {
    code: line.code,
    state,
    pack: { id: line.packId, title: line.title, imageUrl: line.imageUrl },
    editionId: line.editionId,
    serial: line.serial,
    maxSupply: line.maxSupply,
    note: line.note,
    sender: line.hideSender && !own ? null : { id: line.senderId, name: line.senderName },
    expiresAt: line.expiresAt!.toISOString(),
    claimable: state === 'pending' && !own,
    claimUrl: own && state === 'pending' ? claimUrlOf(line.code) : null,
  };
}
