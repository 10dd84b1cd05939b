import { sql } from 'drizzle-orm';
import type { Language } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { users } from '../db/schema.js';
import type { UserRow } from '../profile/users.js';

/** Demo sign-in identities. Telegram ids are positive; the demo seeder uses -100 and below. */
export const DEMO_USERS = {
  collector: { id: -1, firstName: 'Demo Collector', username: 'demo_collector', isCreator: false },
  creator: { id: -2, firstName: 'Demo Creator', username: 'demo_creator', isCreator: true },
} as const;

export type DemoRole = keyof typeof DEMO_USERS;

/**
 * A demo account, not a Telegram one: Telegram ids are positive, the demo sign-ins and the demo catalogue's
 * creators negative. With demo mode off their tokens are refused (the API's auth hook and refresh).
 */
export function isDemoAccount(userId: number): boolean {
  return userId < 0;
}

/**
 * Creates the demo user on first use; later sign-ins keep what the visitor changed, but a creator stays one.
 * The browser's language, when sent, is stored only while none is.
 */
export async function upsertDemoUser(db: DbOrTx, role: DemoRole, language: Language | null = null): Promise<UserRow> {
  const demo = DEMO_USERS[role];
  const [row] = await db
    .insert(users)
    .values({ ...demo, language })
    .onConflictDoUpdate({
      target: users.id,
      set: {
        isCreator: role === 'creator' ? true : users.isCreator,
        language: sql`coalesce(${users.language}, excluded.language)`,
      },
    })
    .returning();
  return row!;
}
