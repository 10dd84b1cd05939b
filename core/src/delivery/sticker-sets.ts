import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { telegramStickerSets } from '../db/schema.js';
import { enqueueOutbox } from '../outbox/enqueue.js';
import { outboxKey } from '../outbox/keys.js';

/**
 * The owner's own Telegram sticker set of a pack. Its name is chosen once and recorded before the set is
 * made, so a retry after a crash finds the half-made set again instead of making a second one.
 */
export interface StickerSetRecord {
  userId: number;
  packId: number;
  name: string;
  completedAt: Date | null;
  /** A custom emoji set's ids in the pack's order; null for a sticker set or before they were read. */
  customEmojiIds: string[] | null;
}

/** Letters and digits of a set name's secret part: lowercase, as Telegram shows names. */
const SECRET_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** 16 characters of 36: about 82 bits, beyond guessing. */
export const SET_SECRET_LENGTH = 16;

function setNameSecret(): string {
  const bytes = randomBytes(SET_SECRET_LENGTH * 2);
  let secret = '';
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 36).
  for (const byte of bytes) {
    if (byte < 252 && secret.length < SET_SECRET_LENGTH) secret += SECRET_ALPHABET[byte % 36];
  }
  return secret.length === SET_SECRET_LENGTH ? secret : setNameSecret();
}

/**
 * `p<pack>_<secret>_by_<bot>` for a new set. Telegram sets are public by name, so the name carries a random
 * part: the pack and owner ids are public, and a name made of them let anyone add an owner's full set.
 * Telegram's rules: a letter first, then letters, digits and single underscores, at most 64 characters
 * (a 10-digit pack id and a 32-character bot username come to 64 exactly), ending in `_by_<bot username>`.
 * Sets made before keep the name they were recorded with.
 */
export function newStickerSetName(packId: number, botUsername: string, secret = setNameSecret()): string {
  return `p${packId}_${secret}_by_${botUsername}`;
}

export const addStickersUrl = (name: string) => `https://t.me/addstickers/${name}`;

export async function findStickerSet(db: DbOrTx, userId: number, packId: number): Promise<StickerSetRecord | null> {
  const [row] = await db
    .select()
    .from(telegramStickerSets)
    .where(and(eq(telegramStickerSets.userId, userId), eq(telegramStickerSets.packId, packId)))
    .limit(1);
  return row ? toRecord(row) : null;
}

/** Notes the set before it is made in Telegram; an existing record (an earlier, interrupted try) is kept. */
export async function recordStickerSet(
  db: DbOrTx,
  set: { userId: number; packId: number; name: string },
): Promise<StickerSetRecord> {
  await db.insert(telegramStickerSets).values(set).onConflictDoNothing();
  return (await findStickerSet(db, set.userId, set.packId))!;
}

export async function markStickerSetComplete(db: DbOrTx, userId: number, packId: number, now: Date): Promise<void> {
  await db
    .update(telegramStickerSets)
    .set({ completedAt: now })
    .where(and(eq(telegramStickerSets.userId, userId), eq(telegramStickerSets.packId, packId)));
}

/** Keeps the ids Telegram gave a custom emoji set's stickers, in the pack's order. */
export async function recordCustomEmojiIds(
  db: DbOrTx,
  set: { userId: number; packId: number; customEmojiIds: string[] },
): Promise<void> {
  await db
    .update(telegramStickerSets)
    .set({ customEmojiIds: set.customEmojiIds })
    .where(and(eq(telegramStickerSets.userId, set.userId), eq(telegramStickerSets.packId, set.packId)));
}

function toRecord(row: typeof telegramStickerSets.$inferSelect): StickerSetRecord {
  return {
    userId: Number(row.userId),
    packId: row.packId,
    name: row.name,
    completedAt: row.completedAt,
    customEmojiIds: row.customEmojiIds,
  };
}

/** The owner sold their last edition of the pack: the record goes with the set the bot deletes. */
export async function forgetStickerSet(db: DbOrTx, userId: number, packId: number): Promise<void> {
  await db
    .delete(telegramStickerSets)
    .where(and(eq(telegramStickerSets.userId, userId), eq(telegramStickerSets.packId, packId)));
}

/**
 * Queues "Add to Telegram" for the bot: one job per tap (`requestId`), so a second tap re-sends the link
 * and a retried request stays one job.
 */
export async function requestStickerSet(
  db: DbOrTx,
  request: { userId: number; packId: number; requestId: string },
): Promise<void> {
  const { userId, packId, requestId } = request;
  await enqueueOutbox(
    db,
    'sticker_set_delivery',
    { userId, packId },
    outboxKey.sticker_set_delivery(userId, packId, requestId),
  );
}
