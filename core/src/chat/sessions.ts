import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { botSessions } from '../db/schema.js';

/**
 * Conversation state of the bot (`bot_sessions`), keyed by chat, so a conversation survives a restart and
 * continues on whichever bot process gets the chat's next update. The bot decides what the state is.
 */
export const botSessionStore = {
  async read(db: Database, key: string): Promise<unknown> {
    const [row] = await db
      .select({ value: botSessions.value })
      .from(botSessions)
      .where(eq(botSessions.key, key))
      .limit(1);
    return row?.value;
  },
  async write(db: Database, key: string, value: unknown): Promise<void> {
    await db
      .insert(botSessions)
      .values({ key, value })
      .onConflictDoUpdate({ target: botSessions.key, set: { value, updatedAt: sql`now()` } });
  },
  async delete(db: Database, key: string): Promise<void> {
    await db.delete(botSessions).where(eq(botSessions.key, key));
  },
};
