import { eq } from 'drizzle-orm';
import type { MyOffers, Offer, Order, PackOffers } from '@stickerdrop/shared';
import { offers } from '@stickerdrop/core/testing';
import type { TestApp } from '../../helpers.js';
import type { TestUser } from '../../users.js';
import { authHeaders, outboxRows } from '../orders/fixtures.js';

export async function makeOffer(t: TestApp, user: TestUser | null, payload: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/offers',
    headers: user ? await authHeaders(t, user) : {},
    payload,
  });
  const body = res.json() as { offer: Offer; error?: string };
  return { statusCode: res.statusCode, offer: body.offer, error: body.error };
}

export async function acceptOffer(t: TestApp, user: TestUser, offerId: number, editionId?: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/offers/${offerId}/accept`,
    headers: await authHeaders(t, user),
    payload: editionId === undefined ? {} : { editionId },
  });
  const body = res.json() as { order: Order; error?: string };
  return { statusCode: res.statusCode, order: body.order, error: body.error };
}

export async function answerOffer(t: TestApp, user: TestUser, offerId: number | string, how: 'decline' | 'withdraw') {
  const res = await t.app.inject({
    method: how === 'decline' ? 'POST' : 'DELETE',
    url: how === 'decline' ? `/api/offers/${offerId}/decline` : `/api/offers/${offerId}`,
    headers: await authHeaders(t, user),
  });
  return { statusCode: res.statusCode, error: res.body ? (res.json() as { error?: string }).error : undefined };
}

export async function packOffers(t: TestApp, packId: number | string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/stickers/${packId}/offers` });
  return { statusCode: res.statusCode, body: res.json() as PackOffers & { error?: string } };
}

export async function mine(t: TestApp, user: TestUser): Promise<MyOffers> {
  const res = await t.app.inject({ method: 'GET', url: '/api/offers/mine', headers: await authHeaders(t, user) });
  return res.json() as MyOffers;
}

export async function offerRow(t: Pick<TestApp, 'db'>, id: number) {
  const [row] = await t.db.select().from(offers).where(eq(offers.id, id));
  return row!;
}

/** Outbox rows of one kind, payloads only, oldest first. */
export async function messagesOf(t: Pick<TestApp, 'db'>, kind: string) {
  return (await outboxRows(t)).filter((row) => row.kind === kind).map((row) => row.payload as Record<string, unknown>);
}
