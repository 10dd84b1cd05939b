import type { TestApp } from './helpers.js';
import { tables } from '@stickerdrop/core/testing';

let nextId = 1_000_000;

export interface TestUser {
  id: number;
  token: string;
  headers: { authorization: string };
}

/**
 * Inserts a Telegram user and signs an access token for it. Suites that test sign-in itself use the
 * real /api/auth/telegram flow instead; everything else starts from here.
 */
export async function createUser(
  t: Pick<TestApp, 'app' | 'db'>,
  fields: Partial<typeof tables.users.$inferInsert> = {},
): Promise<TestUser> {
  const id = fields.id ?? nextId++;
  await t.db.insert(tables.users).values({ firstName: `User ${id}`, username: `user${id}`, ...fields, id });
  const token = await t.app.deps.tokens.sign(id);
  return { id, token, headers: { authorization: `Bearer ${token}` } };
}

export const createCreator = (t: Pick<TestApp, 'app' | 'db'>, fields: Partial<typeof tables.users.$inferInsert> = {}) =>
  createUser(t, { isCreator: true, ...fields });
