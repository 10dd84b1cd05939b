import { eq, sql } from 'drizzle-orm';
import { formatTon, type Profile } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { packs } from '../db/schema.js';
import { primarySalesByPack, purchases, resaleProceeds, royaltiesByPack, sumNano } from './money.js';
import { getUserById, type UserRow } from '../profile/users.js';

/**
 * The profile screen's figures, computed from the money that moved (paid orders and the resale ledger),
 * never from who holds an edition now: a resale adds to the seller's sales and earnings and takes nothing
 * from their purchases. Null when the user does not exist.
 */
export async function getProfile(db: DbOrTx, userId: number): Promise<Profile | null> {
  const user = await getUserById(db, userId);
  return user ? profileOf(db, user) : null;
}

export async function profileOf(db: DbOrTx, user: UserRow): Promise<Profile> {
  const [created] = await db
    .select({ count: sql<string>`count(*)::text` })
    .from(packs)
    .where(eq(packs.creatorId, user.id));
  const [primary, royalties, resold, bought] = await Promise.all([
    primarySalesByPack(db, user.id),
    royaltiesByPack(db, user.id),
    resaleProceeds(db, user.id),
    purchases(db, user.id),
  ]);
  const primarySales = primary.reduce((total, pack) => total + pack.sold, 0);
  const primaryRevenue = sumNano(primary, (pack) => pack.revenueNano);
  const royaltiesPaid = sumNano(royalties, (pack) => pack.paidNano);
  return {
    displayName: user.displayName || user.firstName,
    bio: user.bio ?? '',
    website: user.website ?? '',
    stickersCreated: Number(created?.count ?? 0),
    stickersSold: primarySales + resold.count,
    totalEarnings: formatTon(primaryRevenue + resold.nano + royaltiesPaid),
    stickersPurchased: bought.count,
    primarySales,
    primaryRevenue: formatTon(primaryRevenue),
    resales: resold.count,
    resaleProceeds: formatTon(resold.nano),
    royaltiesPaid: formatTon(royaltiesPaid),
    royaltiesOwed: formatTon(sumNano(royalties, (pack) => pack.owedNano)),
    totalSpent: formatTon(bought.nano),
    language: user.language,
  };
}
