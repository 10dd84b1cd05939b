import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { OutboxPayload } from '../outbox/kinds/index.js';
import { users, packs, createdAt } from './schema-market.js';

/** The bot's side of the schema: its outbox, its conversations, updates seen, sticker sets made. */

/** Messages and jobs for the bot, written in the same transaction as the change that causes them. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** Deduplicates a job (e.g. one receipt per order). */
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').$type<OutboxPayload>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('outbox_dedupe_idx').on(t.dedupeKey), index('outbox_pending_idx').on(t.status, t.nextAttemptAt)],
);

/** Conversation state of the bot per chat: survives a restart and is shared by every bot process. */
export const botSessions = pgTable('bot_sessions', {
  key: text('key').primaryKey(),
  /** Whatever the bot's conversation plugin keeps; only the bot reads it. */
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Telegram updates the bot has handled, by update_id: a repeated delivery (a crash before Telegram
 * learned the update was handled, a webhook retry) is skipped. Pruned a day after handling.
 */
export const telegramUpdates = pgTable(
  'telegram_updates',
  {
    updateId: bigint('update_id', { mode: 'number' }).primaryKey(),
    handledAt: timestamp('handled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('telegram_updates_handled_idx').on(t.handledAt)],
);

/** The sticker set the bot made in Telegram for one owner of a pack; a second request re-sends its link. */
export const telegramStickerSets = pgTable(
  'telegram_sticker_sets',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packId: integer('pack_id')
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Set once every sticker of the pack is in the set; until then a retry resumes where it stopped. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** A custom emoji set's ids, in the pack's order, as Telegram gave them: what an emoji status names. */
    customEmojiIds: text('custom_emoji_ids').array(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.packId] }), uniqueIndex('telegram_sticker_sets_name_idx').on(t.name)],
);
