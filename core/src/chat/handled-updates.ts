import { inArray, lt } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client.js';
import { readsTogetherById, writesTogether } from '../db/batches.js';
import { telegramUpdates } from '../db/schema.js';

/**
 * The Telegram updates the bot has handled (`telegram_updates`), so a redelivered one acts once. Every update
 * asks and then records, and Telegram sends up to 40 at once: those that ask (or record) while one statement
 * runs share the next one.
 */
export const handledUpdates = {
  has(db: Database, updateId: number): Promise<boolean> {
    return readHandled(db, updateId).then((row) => row !== undefined);
  },
  record(db: Database, updateId: number, handledAt: Date): Promise<void> {
    return recordHandled(db, 0, { updateId, handledAt });
  },
  /** Forgets updates handled before `before` (an indexed range delete). */
  async forgetBefore(db: Database, before: Date): Promise<void> {
    await db.delete(telegramUpdates).where(lt(telegramUpdates.handledAt, before));
  },
};

const readHandled = readsTogetherById(
  (db: DbOrTx, ids: number[]) =>
    db
      .select({ updateId: telegramUpdates.updateId })
      .from(telegramUpdates)
      .where(inArray(telegramUpdates.updateId, ids)),
  (row) => Number(row.updateId),
);

const recordHandled = writesTogether(async (db: DbOrTx, _: 0, handled: { updateId: number; handledAt: Date }[]) => {
  const once = [...new Map(handled.map((row) => [row.updateId, row])).values()];
  await db.insert(telegramUpdates).values(once).onConflictDoNothing();
  return handled.map(() => undefined);
});
