import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fulfilOrder, toggleLike, type Database } from '@stickerdrop/core';
// Not part of core's public surface: the bench reserves directly, without a payment rail.
import { reserveEdition } from '@stickerdrop/core';
import { tables } from '@stickerdrop/core/testing';

const VIEWER_ID = 777_000_001;

/**
 * A signed-in collector for the signed-in rows: likes on some of `packIds`, an edition of the first one
 * (bought through the real reserve and fulfil), and an access token from `app`.
 */
export async function benchViewer(app: FastifyInstance, db: Database, packIds: number[]): Promise<string> {
  await db.insert(tables.users).values({ id: VIEWER_ID, firstName: 'Bench viewer' }).onConflictDoNothing();
  const now = new Date();
  for (const packId of packIds.filter((_, i) => i % 3 === 0)) await toggleLike(db, VIEWER_ID, packId, now);
  const owned = packIds[0]!;
  const { order } = await reserveEdition(db, { userId: VIEWER_ID, packId: owned, paymentMethod: 'demo', now });
  await fulfilOrder(db, { orderId: order.id, paymentRef: `demo:${order.id}`, now });
  const [check] = await db.select().from(tables.editions).where(eq(tables.editions.ownerId, VIEWER_ID));
  if (!check) throw new Error('the bench viewer owns no edition');
  return app.deps.tokens.sign(VIEWER_ID);
}
