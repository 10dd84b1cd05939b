import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { telegramStickerSets } from '../db/schema.js';
import { enqueueOutbox } from '../outbox/enqueue.js';
import { outboxKey } from '../outbox/keys.js';

/**
 * The owner's own Telegram sticker set of a pack. Its name is fixed by (pack, owner, bot), so a retry
 * after a crash finds the half-made set again instead of making a second one.
 */
export interface StickerSetRecord {
  userId: number;
  packId: number;
  name: string;
  completedAt: Date | null;
}

/**
 * `p<pack>_u<owner>_by_<bot>`: Telegram's rules are a letter first, then letters, digits and single
 * underscores, at most 64 characters, ending in `_by_<bot username>`.
 */
export function stickerSetName(packId: number, userId: number, botUsername: string): string {
  return `p${packId}_u${userId}_by_${botUsername}`;
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

function toRecord(row: typeof telegramStickerSets.$inferSelect): StickerSetRecord {
  return { userId: Number(row.userId), packId: row.packId, name: row.name, completedAt: row.completedAt };
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
