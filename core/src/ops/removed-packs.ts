import { sql } from 'drizzle-orm';
import type { RemovalReason, RemovedPack } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { queryRows } from '../db/sql-rows.js';

interface RemovedPackRow {
  id: number;
  title: string;
  sales: number;
  reason: RemovalReason;
  removedAt: string;
  creatorId: string;
  creatorName: string;
  creatorUsername: string | null;
  creatorBanned: boolean;
}

export const REMOVED_PAGE_SIZE = 100;

/**
 * Packs that are not listed, the latest removed first: taken down by an operator (with the takedown's
 * reason) or hidden with their banned creator (`creator_banned`), each waiting for an operator's review.
 * Each with its sales and its creator, and whether that creator is banned now (a ban may have been lifted
 * while the pack stays hidden).
 */
export async function listRemovedPacks(db: DbOrTx, limit = REMOVED_PAGE_SIZE): Promise<RemovedPack[]> {
  const rows = await queryRows<RemovedPackRow>(
    db,
    sql`select p.id, p.title, p.sold_count as sales, p.removed_reason as reason,
        to_char(coalesce(p.removed_at, p.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "removedAt",
        u.id::text as "creatorId", coalesce(nullif(u.display_name, ''), u.first_name) as "creatorName",
        u.username as "creatorUsername",
        exists (select 1 from user_bans b where b.user_id = u.id) as "creatorBanned"
      from packs p
      join users u on u.id = p.creator_id
      where p.status = 'removed'
      order by p.removed_at desc, p.id desc
      limit ${limit}`,
  );
  return rows.map((row) => ({
    pack: {
      id: Number(row.id),
      title: row.title,
      sales: Number(row.sales),
      creator: {
        id: Number(row.creatorId),
        name: row.creatorName,
        username: row.creatorUsername,
        banned: row.creatorBanned,
      },
    },
    reason: row.reason,
    removedAt: row.removedAt,
  }));
}
