import { and, eq, isNull, sql } from 'drizzle-orm';
import { OPS_ERRORS } from '@stickerdrop/shared';
import type { Database, DbOrTx } from '../db/client.js';
import { packs, refreshTokens, userBans, users } from '../db/schema.js';
import { perHandle } from '../db/prepared.js';
import { readsTogether } from '../db/batches.js';
import { DomainError } from '../errors.js';
import { recordAudit } from './audit.js';
import { closeUsersMarket } from './close-market.js';
import { removePack } from './takedown.js';

interface BanInput {
  operatorId: number;
  userId: number;
  reason: string;
  now: Date;
}

/**
 * An operator bans a user, in one transaction: they cannot sign in again and every session of theirs ends
 * (their refresh tokens are revoked; their access tokens are refused by the ban itself), their listings and
 * the offers they made close, and the packs they created are hidden until an operator reviews (restores)
 * each. 404 unknown user, 409 banned already.
 */
export async function banUser(db: Database, input: BanInput) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    if (!user) throw new DomainError('not_found', OPS_ERRORS.userNotFound);
    const [banned] = await tx
      .insert(userBans)
      .values({ userId: user.id, reason: input.reason, bannedBy: input.operatorId, bannedAt: input.now })
      .onConflictDoNothing()
      .returning({ userId: userBans.userId });
    if (!banned) throw new DomainError('already_done', OPS_ERRORS.alreadyBanned);
    const sessions = await tx
      .update(refreshTokens)
      .set({ revokedAt: input.now })
      .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)))
      .returning({ familyId: refreshTokens.familyId });
    const market = await closeUsersMarket(tx, user.id, input.now);
    const listed = await tx
      .select()
      .from(packs)
      .where(and(eq(packs.creatorId, user.id), eq(packs.status, 'listed')))
      .orderBy(packs.id)
      .for('update');
    for (const pack of listed) await removePack(tx, pack, 'creator_banned', input.now);
    const after = {
      banned: true,
      sessionsEnded: new Set(sessions.map((s) => s.familyId)).size,
      ...market,
      packsHidden: listed.map((pack) => pack.id),
    };
    await recordAudit(tx, {
      operatorId: input.operatorId,
      action: 'user.ban',
      target: { kind: 'user', id: user.id },
      reason: input.reason,
      before: { banned: false },
      after,
      at: input.now,
    });
    return after;
  });
}

/**
 * An operator lifts a ban: the user may sign in again. Their hidden packs stay hidden until an operator
 * restores each (that is the review). 409 when not banned.
 */
export async function unbanUser(db: Database, input: { operatorId: number; userId: number; note: string; now: Date }) {
  return db.transaction(async (tx) => {
    const [lifted] = await tx.delete(userBans).where(eq(userBans.userId, input.userId)).returning();
    if (!lifted) throw new DomainError('already_done', OPS_ERRORS.notBanned);
    await recordAudit(tx, {
      operatorId: input.operatorId,
      action: 'user.unban',
      target: { kind: 'user', id: input.userId },
      reason: lifted.reason,
      note: input.note,
      before: { banned: true, bannedBy: lifted.bannedBy, bannedAt: lifted.bannedAt.toISOString() },
      after: { banned: false },
      at: input.now,
    });
    return { banned: false };
  });
}

const bannedAmong = perHandle((db: DbOrTx) =>
  db
    .select({ userId: userBans.userId })
    .from(userBans)
    .where(sql`${userBans.userId} = any(${sql.placeholder('userIds')}::bigint[])`)
    .prepare('users_banned'),
);

/**
 * Whether the user is banned: asked for every request that carries their token, at every sign-in and for
 * every update the bot gets, so the questions asked while one read runs are answered by the next, together.
 */
export function isBanned(db: DbOrTx, userId: number): Promise<boolean> {
  return readBanned(db, 0, userId);
}

const readBanned = readsTogether(async (db: DbOrTx, _: 0, userIds: number[]) => {
  const banned = new Set((await bannedAmong(db).execute({ userIds })).map((row) => Number(row.userId)));
  return userIds.map((id) => banned.has(id));
});
