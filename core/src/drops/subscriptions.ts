import { and, eq } from 'drizzle-orm';
import { DROP_ERRORS, MESSAGES } from '@stickerdrop/shared';
import type { Database, DbOrTx } from '../db/client.js';
import { dropSubscriptions, packs } from '../db/schema.js';
import { DomainError } from '../errors.js';

export interface DropNotifyInput {
  userId: number;
  packId: number;
  now: Date;
}

/**
 * "Notify me": the collector is told once when the drop opens. Only an upcoming drop takes subscribers
 * (refused as drop open once it has). The pack row is read FOR SHARE: the announcer takes it FOR UPDATE, so a
 * subscription either lands before the announcement (and is told) or sees it announced (and is refused),
 * never falls between the two. Subscribing twice is one subscription. 404 for a pack the marketplace removed.
 */
export async function subscribeToDrop(db: Database, input: DropNotifyInput): Promise<{ notifying: true }> {
  await db.transaction(async (tx) => {
    const [pack] = await tx
      .select({ dropsAt: packs.dropsAt, announcedAt: packs.dropAnnouncedAt, status: packs.status })
      .from(packs)
      .where(eq(packs.id, input.packId))
      .for('share');
    // A removed pack is gone from every visitor's read, so there is no drop of it to wait for.
    if (!pack || pack.status !== 'listed') throw new DomainError('not_found', MESSAGES.packNotFound);
    const upcoming = pack.dropsAt !== null && pack.dropsAt > input.now && pack.announcedAt === null;
    if (!upcoming) throw new DomainError('drop_open', DROP_ERRORS.alreadyOpen);
    await tx
      .insert(dropSubscriptions)
      .values({ packId: input.packId, userId: input.userId, createdAt: input.now })
      .onConflictDoNothing();
  });
  return { notifying: true };
}

/** Stops the notification; harmless when there was none. Not found for an unknown pack. */
export async function unsubscribeFromDrop(db: Database, input: DropNotifyInput): Promise<{ notifying: false }> {
  const [pack] = await db.select({ id: packs.id }).from(packs).where(eq(packs.id, input.packId));
  if (!pack) throw new DomainError('not_found', MESSAGES.packNotFound);
  await db
    .delete(dropSubscriptions)
    .where(and(eq(dropSubscriptions.packId, input.packId), eq(dropSubscriptions.userId, input.userId)));
  return { notifying: false };
}

export async function isNotifying(db: DbOrTx, userId: number, packId: number): Promise<boolean> {
  const [row] = await db
    .select({ packId: dropSubscriptions.packId })
    .from(dropSubscriptions)
    .where(and(eq(dropSubscriptions.packId, packId), eq(dropSubscriptions.userId, userId)));
  return row !== undefined;
}
