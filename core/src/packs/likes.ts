import { and, eq, sql } from 'drizzle-orm';
import { isPackId, MESSAGES, type LikeResponse } from '@stickerdrop/shared';
import type { Database } from '../db/client.js';
import { likes, packs } from '../db/schema.js';
import { DomainError } from '../errors.js';

/**
 * Toggles `userId`'s like of a pack in one transaction: the pack row is locked first, so concurrent
 * toggles on one pack run one after another and packs.likes always equals its rows in `likes`.
 * Refused as not found when there is no such pack.
 */
export async function toggleLike(db: Database, userId: number, packId: number, now: Date): Promise<LikeResponse> {
  if (!isPackId(packId)) throw new DomainError('not_found', MESSAGES.packNotFound);
  return db.transaction(async (tx) => {
    const [pack] = await tx.select({ id: packs.id }).from(packs).where(eq(packs.id, packId)).for('no key update');
    if (!pack) throw new DomainError('not_found', MESSAGES.packNotFound);
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
