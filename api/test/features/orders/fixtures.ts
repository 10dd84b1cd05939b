import { eq } from 'drizzle-orm';
import { ORDER_RESERVATION_MS, type Order } from '@stickerdrop/shared';
import type { TestApp } from '../../helpers.js';
import { createCreator, type TestUser } from '../../users.js';
import { tables } from '@stickerdrop/core/testing';

export interface PackFixture {
  id: number;
  creator: TestUser;
  priceNano: bigint;
  maxSupply: number;
}

/** A pack inserted straight into the table, with its own creator. */
export async function createPack(
  t: Pick<TestApp, 'app' | 'db'>,
  fields: { priceNano?: bigint; maxSupply?: number; soldCount?: number; title?: string } = {},
): Promise<PackFixture> {
  const creator = await createCreator(t);
  const priceNano = fields.priceNano ?? 1_500_000_000n;
  const maxSupply = fields.maxSupply ?? 100;
  const [pack] = await t.db
    .insert(tables.packs)
    .values({
      creatorId: creator.id,
      title: fields.title ?? 'Space Cats',
      priceNano,
      maxSupply,
      soldCount: fields.soldCount ?? 0,
    })
    .returning({ id: tables.packs.id });
  return { id: pack!.id, creator, priceNano, maxSupply };
}

/**
 * A reserved order written straight into the table, for apps where buying is refused (demo off) or for
 * service-level tests that need orders without going through HTTP.
 */
export async function insertOrder(
  t: Pick<TestApp, 'db' | 'clock'>,
  fields: { userId: number; packId: number; amountNano?: bigint; paymentMethod?: string },
): Promise<string> {
  const [order] = await t.db
    .insert(tables.orders)
    .values({
      userId: fields.userId,
      packId: fields.packId,
      paymentMethod: fields.paymentMethod ?? 'ton',
      amountNano: fields.amountNano ?? 1_500_000_000n,
      expiresAt: new Date(t.clock.now.getTime() + ORDER_RESERVATION_MS),
    })
    .returning({ id: tables.orders.id });
  return order!.id;
}

/**
 * A token signed at the app's current (frozen) time: access tokens live 15 minutes, as long as a
 * reservation, and these suites move the clock past both.
 */
export async function authHeaders(t: Pick<TestApp, 'app'>, user: TestUser): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await t.app.deps.tokens.sign(user.id)}` };
}

export async function buy(
  t: Pick<TestApp, 'app'>,
  user: TestUser,
  stickerId: number,
  paymentMethod = 'ton',
): Promise<{ statusCode: number; order: Order; error: string | undefined }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/marketplace/buy',
    headers: await authHeaders(t, user),
    payload: { stickerId, paymentMethod },
  });
  const body = res.json() as { order: Order; error?: string };
  return { statusCode: res.statusCode, order: body.order, error: body.error };
}

export async function demoPay(
  t: Pick<TestApp, 'app'>,
  user: TestUser,
  orderId: string,
): Promise<{ statusCode: number; order: Order; error: string | undefined }> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/demo-pay`,
    headers: await authHeaders(t, user),
  });
  const body = res.json() as { order: Order; error?: string };
  return { statusCode: res.statusCode, order: body.order, error: body.error };
}

export async function packRow(t: Pick<TestApp, 'db'>, packId: number) {
  const [pack] = await t.db.select().from(tables.packs).where(eq(tables.packs.id, packId));
  return pack!;
}

export async function editionsOf(t: Pick<TestApp, 'db'>, packId: number) {
  return t.db.select().from(tables.editions).where(eq(tables.editions.packId, packId)).orderBy(tables.editions.serial);
}

export async function outboxRows(t: Pick<TestApp, 'db'>) {
  return t.db.select().from(tables.outbox).orderBy(tables.outbox.id);
}

export async function orderRow(t: Pick<TestApp, 'db'>, orderId: string) {
  const [order] = await t.db.select().from(tables.orders).where(eq(tables.orders.id, orderId));
  return order!;
}
