import { eq, sql } from 'drizzle-orm';
import { formatTon, type Profile } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { editions, packs } from '../db/schema.js';
import { getUserById, type UserRow } from './users.js';

/**
 * The profile screen's figures, computed from the ledger itself: packs created, editions of them sold
 * and what those sales earned, editions owned. Null when the user does not exist.
 */
export async function getProfile(db: DbOrTx, userId: number): Promise<Profile | null> {
  const user = await getUserById(db, userId);
  return user ? profileOf(db, user) : null;
}

export async function profileOf(db: DbOrTx, user: UserRow): Promise<Profile> {
  // Postgres returns count(*) and sums as strings, PGlite as numbers: cast to text and convert here.
  const [created] = await db
    .select({ count: sql<string>`count(*)::text` })
    .from(packs)
    .where(eq(packs.creatorId, user.id));
  const [sold] = await db
    .select({
      count: sql<string>`count(*)::text`,
      earningsNano: sql<string>`coalesce(sum(${editions.purchasePriceNano}), 0)::text`,
    })
    .from(editions)
    .innerJoin(packs, eq(packs.id, editions.packId))
    .where(eq(packs.creatorId, user.id));
  const [purchased] = await db
    .select({ count: sql<string>`count(*)::text` })
    .from(editions)
    .where(eq(editions.ownerId, user.id));
  return {
    displayName: user.displayName || user.firstName,
    bio: user.bio ?? '',
    website: user.website ?? '',
    stickersCreated: Number(created?.count ?? 0),
    stickersSold: Number(sold?.count ?? 0),
    totalEarnings: formatTon(BigInt(sold?.earningsNano ?? '0')),
    stickersPurchased: Number(purchased?.count ?? 0),
  };
}
