import { sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/**
 * Runs writes as one statement, each a data-modifying part of one WITH: a group's writes made while it
 * holds a pack's lock (its messages, its credits) then cost one round trip instead of one each. The parts
 * run on one snapshot and none sees another's rows, so they must be writes that do not read each other's.
 */
export async function executeAsOne(db: DbOrTx, writes: readonly SQLWrapper[]): Promise<void> {
  if (writes.length === 0) return;
  if (writes.length === 1) {
    await db.execute(writes[0]!.getSQL());
    return;
  }
  const parts = writes.map((write, i) => sql`${sql.raw(`write_${i}`)} as (${write.getSQL()})`);
  await db.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
}
