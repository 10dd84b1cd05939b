import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { users } from '../db/schema.js';

/** A person's public name in SQL: display name when set, else the Telegram first name. Takes users or an alias of it. */
export function publicNameSql(person: { displayName: SQLWrapper; firstName: SQLWrapper }): SQL<string> {
  return sql<string>`coalesce(nullif(btrim(${person.displayName}), ''), ${person.firstName})`;
}

/** The public name of the row of `users` in the query (creators, owners, sellers). */
export const creatorNameSql: SQL<string> = publicNameSql(users);
