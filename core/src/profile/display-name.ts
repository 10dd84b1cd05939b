import { sql, type SQL } from 'drizzle-orm';
import { users } from '../db/schema.js';

/** A user's public name in SQL: display name when set, else the Telegram first name (creators, owners). */
export const creatorNameSql: SQL<string> = sql<string>`coalesce(nullif(btrim(${users.displayName}), ''), ${users.firstName})`;
