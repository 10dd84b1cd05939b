/** Users, packs and sales for core's tests: rows a test reads through, and sales through the real services. */
import { eq } from 'drizzle-orm';
import { type Database, buyPack, fulfilOrder } from '../../src/index.js';
import { demoRail, tables } from '../../src/testing.js';

let nextUserId = 7_000_000;

export async function createUser(db: Database, fields: { isCreator?: boolean; firstName?: string } = {}) {
  const id = nextUserId++;
  await db.insert(tables.users).values({ id, firstName: fields.firstName ?? `User ${id}`, ...fields });
  return id;
}

export async function insertPack(
  db: Database,
  creatorId: number,
  fields: { priceNano?: bigint; maxSupply?: number; dropsAt?: Date | null; title?: string } = {},
): Promise<number> {
  const [pack] = await db
    .insert(tables.packs)
    .values({
      creatorId,
      title: fields.title ?? 'Space Cats',
      priceNano: fields.priceNano ?? 1_000_000_000n,
      maxSupply: fields.maxSupply ?? 100,
      dropsAt: fields.dropsAt ?? null,
    })
    .returning({ id: tables.packs.id });
  return pack!.id;
}

/** A buyer's reservation on the demo rail, then its payment: the edition minted as in production. */
export async function buyAndPay(db: Database, userId: number, packId: number, now: Date) {
  const { order } = await buyPack(db, { userId, packId, paymentMethod: 'demo', railFor: () => demoRail, now });
  const paid = await fulfilOrder(db, { orderId: order.id, paymentRef: `demo:${order.id}`, now });
  const [edition] = await db.select().from(tables.editions).where(eq(tables.editions.orderId, order.id));
  return { order: paid.order, outcome: paid.outcome, editionId: edition?.id ?? null };
}
