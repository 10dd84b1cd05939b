import { lt } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client.js';
import { writesTogether } from '../db/batches.js';
import { telegramUpdates } from '../db/schema.js';

/**
 * The Telegram updates the bot has handled (`telegram_updates`), so a redelivered one acts once. Every update
 * asks (`readUpdateStanding`) and then records, and Telegram sends up to 40 at once: those that record while
 * one statement runs share the next one.
 */
export const handledUpdates = {
  record(db: Database, updateId: number, handledAt: Date): Promise<void> {
    return recordHandled(db, 0, { updateId, handledAt });
  },
  /** Forgets updates handled before `before` (an indexed range delete). */
  async forgetBefore(db: Database, before: Date): Promise<void> {
    await db.delete(telegramUpdates).where(lt(telegramUpdates.handledAt, before));
  },
};

const recordHandled = writesTogether(async (db: DbOrTx, _: 0, handled: { updateId: number; handledAt: Date }[]) => {
  const once = [...new Map(handled.map((row) => [row.updateId, row])).values()];
  await db.insert(telegramUpdates).values(once).onConflictDoNothing();
  return handled.map(() => undefined);
});
