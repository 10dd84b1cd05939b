import { eq, lt } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { telegramUpdates } from '../db/schema.js';

/** The Telegram updates the bot has handled (`telegram_updates`), so a redelivered one acts once. */
export const handledUpdates = {
  async has(db: Database, updateId: number): Promise<boolean> {
    const [seen] = await db
      .select({ updateId: telegramUpdates.updateId })
      .from(telegramUpdates)
      .where(eq(telegramUpdates.updateId, updateId))
      .limit(1);
    return seen !== undefined;
  },
  async record(db: Database, updateId: number, handledAt: Date): Promise<void> {
    await db.insert(telegramUpdates).values({ updateId, handledAt }).onConflictDoNothing();
  },
  /** Forgets updates handled before `before` (an indexed range delete). */
  async forgetBefore(db: Database, before: Date): Promise<void> {
    await db.delete(telegramUpdates).where(lt(telegramUpdates.handledAt, before));
  },
};
