import type { User } from 'grammy/types';
import { upsertTelegramUser, type Database } from '@stickerdrop/core';

/**
 * The sender's user row, made or refreshed from the update: what they do in the chat (a subscription, a
 * report, becoming a creator) belongs to a user row, and Telegram owns the names, so they are written again.
 */
export async function rememberSender(db: Database, from: User): Promise<void> {
  await upsertTelegramUser(db, {
    id: from.id,
    first_name: from.first_name,
    last_name: from.last_name,
    username: from.username,
    language_code: from.language_code,
  });
}
