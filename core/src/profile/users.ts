import { eq, inArray, sql } from 'drizzle-orm';
import { readsTogetherById } from '../db/batches.js';
import { BecomeCreatorRequest, languageOfTelegramCode, type Language, type User } from '@stickerdrop/shared';
import type { Database, DbOrTx } from '../db/client.js';
import { enqueueOutbox } from '../outbox/enqueue.js';
import { outboxKey } from '../outbox/keys.js';
import { users } from '../db/schema.js';
import { parseInput } from '../errors.js';

export type UserRow = typeof users.$inferSelect;

/** What Telegram tells us about a user (init data's `user`, the bot's `ctx.from`). */
export interface TelegramUserFields {
  id: number;
  first_name: string;
  username?: string | undefined;
  last_name?: string | undefined;
  photo_url?: string | undefined;
  /** Telegram's IETF tag for the user's interface language (`ru`, `en-US`); absent for some clients. */
  language_code?: string | undefined;
}

/**
 * Creates the user or refreshes the fields Telegram owns (names, username, photo). Fields the user
 * edits here (display name, bio, website) and the creator flag are left alone. The language is taken from
 * Telegram's language_code only while none is stored: a choice, once made, is theirs.
 */
export async function upsertTelegramUser(db: DbOrTx, tgUser: TelegramUserFields): Promise<UserRow> {
  const telegramFields = {
    username: tgUser.username ?? null,
    firstName: tgUser.first_name,
    lastName: tgUser.last_name ?? null,
    photoUrl: tgUser.photo_url ?? null,
  };
  const language = languageOfTelegramCode(tgUser.language_code);
  const [row] = await db
    .insert(users)
    .values({ id: tgUser.id, ...telegramFields, language })
    .onConflictDoUpdate({
      target: users.id,
      set: { ...telegramFields, language: sql`coalesce(${users.language}, excluded.language)` },
    })
    .returning();
  return row!;
}

export async function getUserById(db: DbOrTx, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Sets a user's language only while none is stored (their first sign-in's); a choice once made is kept. */
export async function adoptLanguageIfUnset(db: DbOrTx, userId: number, language: Language): Promise<void> {
  await db
    .update(users)
    .set({ language: sql`coalesce(${users.language}, ${language})` })
    .where(eq(users.id, userId));
}

/**
 * The language a user chose or Telegram set; null when neither did, or there is no such user. The bot asks
 * it for every update and every outbox message, so those asked while one read runs are read together.
 */
export function storedLanguage(db: DbOrTx, id: number): Promise<Language | null> {
  return readStoredLanguage(db, id).then((row) => row?.language ?? null);
}

const readStoredLanguage = readsTogetherById(
  (db: DbOrTx, ids: number[]) =>
    db.select({ id: users.id, language: users.language }).from(users).where(inArray(users.id, ids)),
  (row) => Number(row.id),
);

/** The shared `User` shape every response carries. */
export function toUserDto(row: UserRow): User {
  return {
    id: Number(row.id),
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    photo_url: row.photoUrl,
    isCreator: row.isCreator,
    walletAddress: row.walletAddress,
    displayName: row.displayName,
    bio: row.bio,
    website: row.website,
    createdAt: new Date(row.createdAt).toISOString(),
    language: row.language,
  };
}

export interface ProfileFields {
  displayName: string;
  bio: string;
  website: string;
  language?: Language | undefined;
}

/**
 * Replaces the editable profile; an empty field is stored as null so the fallbacks apply. A language given
 * is stored; none given leaves the stored one. A changed language also asks the bot, in the same transaction,
 * to put the chat's menu button in it: the bot's messages follow the stored choice by themselves.
 */
export async function updateProfileFields(
  db: Database,
  userId: number,
  fields: ProfileFields,
  now: Date = new Date(),
): Promise<UserRow | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before) return null;
    const [row] = await tx
      .update(users)
      .set({
        displayName: fields.displayName || null,
        bio: fields.bio || null,
        website: fields.website || null,
        ...(fields.language !== undefined && { language: fields.language }),
      })
      .where(eq(users.id, userId))
      .returning();
    if (fields.language !== undefined && fields.language !== before.language) {
      await enqueueOutbox(tx, 'chat_language', { userId }, outboxKey.chat_language(userId, fields.language, now));
    }
    return row ?? null;
  });
}

/**
 * Grants creator status; a given display name or bio is stored too (absent ones are kept). Details are
 * validated here, for the route and the bot alike (an `invalid_input` DomainError). Null when the user does not exist
 * (the bot upserts the Telegram user first).
 */
export async function becomeCreator(
  db: DbOrTx,
  userId: number,
  details: { displayName?: string | undefined; bio?: string | undefined } = {},
): Promise<User | null> {
  const input = parseInput(BecomeCreatorRequest, details);
  const [row] = await db
    .update(users)
    .set({
      isCreator: true,
      ...(input.displayName !== undefined && { displayName: input.displayName || null }),
      ...(input.bio !== undefined && { bio: input.bio || null }),
    })
    .where(eq(users.id, userId))
    .returning();
  return row ? toUserDto(row) : null;
}
