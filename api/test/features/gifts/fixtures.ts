import { eq } from 'drizzle-orm';
import type { GiftDetail, GiftLink } from '@stickerdrop/shared';
import { gifts, tables } from '@stickerdrop/core/testing';
import type { TestApp } from '../../helpers.js';
import type { TestUser } from '../../users.js';
import { authHeaders } from '../orders/fixtures.js';

/** POST /api/editions/:id/gift as `user`. */
export async function sendGift(
  t: TestApp,
  user: TestUser,
  editionId: number | string,
  body: Record<string, unknown> = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/editions/${editionId}/gift`,
    headers: await authHeaders(t, user),
    payload: body,
  });
  const json = res.json() as { gift: GiftLink; error?: string };
  return { statusCode: res.statusCode, gift: json.gift, error: json.error };
}

/** GET, POST …/claim or DELETE /api/gifts/:code as `user`. */
export async function onGift(t: TestApp, user: TestUser | null, code: string, action: 'read' | 'claim' | 'cancel') {
  const method = action === 'read' ? 'GET' : action === 'claim' ? 'POST' : 'DELETE';
  const res = await t.app.inject({
    method,
    url: `/api/gifts/${code}${action === 'claim' ? '/claim' : ''}`,
    headers: user ? await authHeaders(t, user) : {},
  });
  const json = res.statusCode === 204 ? {} : (res.json() as { gift?: GiftDetail; error?: string });
  return { statusCode: res.statusCode, gift: json.gift, error: json.error };
}

export async function giftRow(t: Pick<TestApp, 'db'>, code: string) {
  const [row] = await t.db.select().from(gifts).where(eq(gifts.code, code));
  return row!;
}

export async function editionRow(t: Pick<TestApp, 'db'>, editionId: number) {
  const [row] = await t.db.select().from(tables.editions).where(eq(tables.editions.id, editionId));
  return row!;
}

/** The outbox rows of `kind`, oldest first, as kind and payload. */
export async function outboxOf(t: Pick<TestApp, 'db'>, kind: string) {
  const rows = await t.db.select().from(tables.outbox).where(eq(tables.outbox.kind, kind)).orderBy(tables.outbox.id);
  return rows.map((row) => ({ key: row.dedupeKey, payload: row.payload as Record<string, unknown> }));
}
