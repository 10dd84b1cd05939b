import { eq, sql } from 'drizzle-orm';
import type { ConversationData, VersionedState, VersionedStateStorage } from '@grammyjs/conversations';
import { type Database, tables } from '@stickerdrop/core';

/**
 * Conversation state in the database (`bot_sessions`), keyed by chat: a conversation survives a restart
 * and continues on whichever bot process gets the chat's next update. Writes of one chat are serialized
 * within a process (see sequentialize.ts); across processes the last write wins.
 */
export function databaseConversationStorage(db: Database): VersionedStateStorage<string, ConversationData> {
  const { botSessions } = tables;
  return {
    async read(key) {
      const [row] = await db
        .select({ value: botSessions.value })
        .from(botSessions)
        .where(eq(botSessions.key, key))
        .limit(1);
      return row ? (row.value as VersionedState<ConversationData>) : undefined;
    },
    async write(key, state) {
      await db
        .insert(botSessions)
        .values({ key, value: state })
        .onConflictDoUpdate({ target: botSessions.key, set: { value: state, updatedAt: sql`now()` } });
    },
    async delete(key) {
      await db.delete(botSessions).where(eq(botSessions.key, key));
    },
  };
}
