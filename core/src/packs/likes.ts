import { and, eq, sql } from 'drizzle-orm';
import { isPackId, type LikeResponse } from '@stickerdrop/shared';
import type { Database } from '../db/client.js';
import { likes, packs } from '../db/schema.js';

/**
 * Toggles `userId`'s like of a pack in one transaction: the pack row is locked first, so concurrent
 * toggles on one pack run one after another and packs.likes always equals its rows in `likes`.
 * Null when there is no such pack.
 */
export async function toggleLike(
  db: Database,
  userId: number,
  packId: number,
  now: Date,
): Promise<LikeResponse | null> {
  if (!isPackId(packId)) return null;
  return db.transaction(async (tx) => {
    const [pack] = await tx.select({ id: packs.id }).from(packs).where(eq(packs.id, packId)).for('no key update');
    if (!pack) return null;
    const removed = await tx
      .delete(likes)
      .where(and(eq(likes.userId, userId), eq(likes.packId, packId)))
      .returning({ packId: likes.packId });
    const liked = removed.length === 0;
    const inserted = liked
      ? await tx
          .insert(likes)
          .values({ userId, packId, createdAt: now })
          .onConflictDoNothing()
          .returning({ packId: likes.packId })
      : [];
    const change = liked ? inserted.length : -removed.length;
    const [updated] = await tx
      .update(packs)
      .set({ likes: sql`${packs.likes} + ${change}` })
      .where(eq(packs.id, packId))
      .returning({ likes: packs.likes });
    return { liked, likes: updated!.likes };
  });
}
