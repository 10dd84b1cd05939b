import { eq } from 'drizzle-orm';
import type { TestApp } from '../../helpers.js';
import type { TestUser } from '../../users.js';
import { authHeaders, createPack, type PackFixture } from '../orders/fixtures.js';
import { tables } from '@stickerdrop/core/testing';

/** A pack with drop settings written straight into its row. */
export async function dropPack(
  t: TestApp,
  fields: { maxPerUser?: number | null; dropsAt?: Date | null; maxSupply?: number; title?: string } = {},
): Promise<PackFixture> {
  const pack = await createPack(t, { maxSupply: fields.maxSupply ?? 100, title: fields.title });
  await t.db
    .update(tables.packs)
    .set({ maxPerUser: fields.maxPerUser ?? null, dropsAt: fields.dropsAt ?? null })
    .where(eq(tables.packs.id, pack.id));
  return pack;
}

export async function notify(t: TestApp, user: TestUser | null, packId: number, method: 'POST' | 'DELETE' = 'POST') {
  const res = await t.app.inject({
    method,
    url: `/api/stickers/${packId}/notify`,
    headers: user ? await authHeaders(t, user) : {},
  });
  const body = res.json() as { notifying?: boolean; error?: string };
  return { statusCode: res.statusCode, notifying: body.notifying, error: body.error };
}

export async function subscriptionsOf(t: Pick<TestApp, 'db'>, packId: number) {
  return t.db.select().from(tables.dropSubscriptions).where(eq(tables.dropSubscriptions.packId, packId));
}
