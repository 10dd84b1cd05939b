import { sql } from 'drizzle-orm';
import type { Language } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { readsTogether } from '../db/batches.js';
import { perHandle } from '../db/prepared.js';
import { inAskedOrder } from '../db/sql-rows.js';
import { telegramUpdates, userBans, users } from '../db/schema.js';

/** What the bot asks of every update before acting on it. */
export interface UpdateStanding {
  /** The update was handled before (a redelivery). */
  handled: boolean;
  /** Its sender is banned. */
  banned: boolean;
  /** The language its sender chose or Telegram set; null when neither did, or the sender is unknown. */
  language: Language | null;
}

/**
 * The three questions in one statement for any number of updates: each was a read of its own on every
 * update, and with Telegram's 40 updates in flight those reads were most of the bot's round trips.
 */
const preparedStandings = perHandle((db: DbOrTx) =>
  db
    .select({
      n: sql<number>`r.n`.mapWith(Number),
      handled: sql<boolean>`exists (select 1 from ${telegramUpdates} t where t.update_id = r.update_id)`,
      banned: sql<boolean>`exists (select 1 from ${userBans} b where b.user_id = r.user_id)`,
      language: sql<Language | null>`(select u.language from ${users} u where u.id = r.user_id)`,
    })
    .from(
      sql`unnest(${sql.placeholder('updateIds')}::bigint[], ${sql.placeholder('userIds')}::bigint[])
        with ordinality as r(update_id, user_id, n)`,
    )
    .prepare('update_standings'),
);

interface Asked {
  updateId: number;
  userId: number | null;
}

const readStandings = readsTogether(async (db: DbOrTx, _: 0, asked: Asked[]): Promise<UpdateStanding[]> => {
  const rows = await preparedStandings(db).execute({
    updateIds: asked.map((a) => a.updateId),
    userIds: asked.map((a) => a.userId),
  });
  return inAskedOrder(rows, asked.length).map((standing) => standing!);
});

/**
 * Whether the update was handled, whether its sender (null: an update with none) is banned, and their
 * stored language; those asked while one read runs are read together.
 */
export function readUpdateStanding(db: DbOrTx, updateId: number, userId: number | null): Promise<UpdateStanding> {
  return readStandings(db, 0, { updateId, userId });
}
