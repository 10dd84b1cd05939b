import { eq, sql, type SQL } from 'drizzle-orm';
import { OPS_ERRORS } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { packs } from '../db/schema.js';
import { DomainError } from '../errors.js';

/**
 * A pack the marketplace has not removed: the one condition every visitor's read of packs adds (the market,
 * search, Home, trending, activity, a pack's and an edition's page), so a taken-down pack is gone from all.
 * Written as "not removed" (a status is one or the other): the planner guesses an equality on a column it
 * has no statistics for yet as rare and a difference as common, and only the latter leaves the prepared
 * reads' estimates, and so their generic plans, as they were.
 */
export const packListedSql: SQL<boolean> = sql<boolean>`${packs.status} <> 'removed'`;

/**
 * Refuses a trade of a removed pack's edition (buying, listing, an offer, a gift) with 409. The pack's row is
 * read with a share lock: a takedown (which locks it for update) waits for this trade to commit, and then
 * closes what it opened; a trade that comes after the takedown is refused here.
 */
export async function assertPackListed(tx: DbOrTx, packId: number): Promise<void> {
  const [pack] = await tx.select({ status: packs.status }).from(packs).where(eq(packs.id, packId)).for('share');
  if (pack && pack.status !== 'listed') throw new DomainError('not_for_sale', OPS_ERRORS.packRemoved);
}
