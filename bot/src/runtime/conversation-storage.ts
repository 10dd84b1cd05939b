import type { ConversationData, VersionedState, VersionedStateStorage } from '@grammyjs/conversations';
import { botSessionStore, type Database } from '@stickerdrop/core';

/**
 * Conversation state in the database (`bot_sessions`), keyed by chat: a conversation survives a restart
 * and continues on whichever bot process gets the chat's next update. Writes of one chat are serialized
 * within a process (see sequentialize.ts); across processes the last write wins.
 */
export function databaseConversationStorage(db: Database): VersionedStateStorage<string, ConversationData> {
  return {
    // The state was written by write() below, so it reads back as the plugin's own shape.
    read: async (key) => (await botSessionStore.read(db, key)) as VersionedState<ConversationData> | undefined,
    write: (key, state) => botSessionStore.write(db, key, state),
    delete: (key) => botSessionStore.delete(db, key),
  };
}
