import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import type { OrderRow } from '../db/order-record.js';
import type { RefundReason } from '../db/outbox-payloads.js';
import { orders, packs } from '../db/schema.js';
import { queryRows } from '../db/sql-rows.js';
import { enqueueOutboxMessages } from '../outbox/enqueue.js';
import { holdsEditionOf, moveEdition } from '../resale/move-edition.js';
import { boughtGiftCode } from '../sales/bought-gift.js';
import { editionSoldMessages, refundRequiredMessage } from '../sales/notices.js';
import type { FulfilResult } from '../sales/order.js';
import { isLiveReservation, liveReservationOfPack } from '../sales/rules.js';

/** A payment as a sale records it: the rail that took it, its reference, when, and what the edition says. */
export interface SalePayment {
  method: string;
  paymentRef: string;
  now: Date;
  /** How the edition says it was paid (the Stars lock reads it); the demo rail's is `demo`. */
  acquiredWith: string;
}

/** The pack as a primary sale reads it under its row lock: once, for the rules and the messages. */
type PackForSale = Pick<typeof packs.$inferSelect, 'id' | 'title' | 'maxSupply' | 'creatorId' | 'soldCount'>;

/**
 * A payment for a reserved or lapsed primary order. The caller holds the order's row lock and has ruled out
 * a settled order and a spent reference. Lock order, as in every sale: the order, the pack's row (FOR NO KEY
 * UPDATE: payments of a pack go one at a time, a reservation's FOR KEY SHARE does not wait), then, for a
 * lapsed order, the pack's supply lock that reservations take too. The buyer gets an edition when they own
 * none of the pack and the order is live, or lapsed with an edition left beside others' live reservations;
 * then it is minted with the next serial (`moveEdition`), the order is paid, and the receipt and the
 * creator's notice are queued. Otherwise the order is refund_required and the buyer is told why.
 */
export async function settlePrimaryOrder(
  tx: Transaction,
  order: OrderRow,
  payment: SalePayment,
): Promise<FulfilResult> {
  const pack = await lockPackForSale(tx, order.packId);
  const refusal = await whyNoEdition(tx, order, pack, payment.now);
  const settled = { paymentMethod: payment.method, paymentRef: payment.paymentRef };
  if (refusal) {
    const [refused] = await tx
      .update(orders)
      .set({ status: 'refund_required', ...settled })
      .where(eq(orders.id, order.id))
      .returning();
    await enqueueOutboxMessages(tx, [refundRequiredMessage(order, pack, payment, refusal)]);
    return { outcome: 'refund_required', order: { ...refused!, edition: null }, refundReason: refusal };
  }
  const serial = await nextSerial(tx, pack);
  await tx
    .update(packs)
    .set({ soldCount: sql`${packs.soldCount} + 1` })
    .where(eq(packs.id, pack.id));
  const [paid] = await tx
    .update(orders)
    .set({ status: 'paid', paidAt: payment.now, ...settled })
    .where(eq(orders.id, order.id))
    .returning();
  await moveEdition(tx, {
    mint: { packId: pack.id, serial, orderId: order.id },
    to: order.userId,
    type: 'mint',
    priceNano: order.amountNano,
    acquired: { with: payment.acquiredWith, at: payment.now },
    at: payment.now,
    messages: editionSoldMessages(order, pack, serial, await boughtGiftCode(tx, order.id)),
  });
  return { outcome: 'fulfilled', order: { ...paid!, edition: serial } };
}

async function lockPackForSale(tx: Transaction, packId: number): Promise<PackForSale> {
  const [pack] = await tx
    .select({
      id: packs.id,
      title: packs.title,
      maxSupply: packs.maxSupply,
      creatorId: packs.creatorId,
      soldCount: packs.soldCount,
    })
    .from(packs)
    .where(eq(packs.id, packId))
    .for('no key update');
  // The order's foreign key keeps its pack: a missing one is a broken database, not a refusal.
  if (!pack) throw new Error(`Pack ${packId} of a paid order does not exist`);
  return pack;
}

/**
 * Null when the order may buy an edition. A live reservation holds its edition (sold plus live reservations
 * never exceed the supply, which `sold_count <= max_supply` backs up); a lapsed one counts what is left
 * under the supply lock, so no reservation is made meanwhile.
 */
async function whyNoEdition(
  tx: Transaction,
  order: OrderRow,
  pack: PackForSale,
  now: Date,
): Promise<Extract<RefundReason, 'already_owned' | 'sold_out'> | null> {
  if (await holdsEditionOf(tx, order.userId, pack.id)) return 'already_owned';
  if (isLiveReservation(order, now)) return null;
  await tx.execute(sql`select lock_pack_supply(${pack.id})`);
  const [others] = await tx
    .select({ live: count() })
    .from(orders)
    .where(and(liveReservationOfPack(pack.id, now), ne(orders.id, order.id)));
  return pack.soldCount + (others?.live ?? 0) >= pack.maxSupply ? 'sold_out' : null;
}

/**
 * Serials run 1…max_supply in the order payments settle, except that a serial freed by a revoked edition (a
 * Stars refund takes it back) goes out again first: the lowest free one. Editions are only added or removed
 * under the pack's row lock, so while none is free the highest serial equals the number sold, and the index
 * on (pack, serial) answers at once; only a gap is searched for.
 */
async function nextSerial(tx: Transaction, pack: PackForSale): Promise<number> {
  const [row] = await queryRows<{ serial: number | null }>(
    tx,
    sql`select case when coalesce(max(e.serial), 0) <= ${pack.soldCount}::int then ${pack.soldCount}::int + 1
      else (select min(s) from generate_series(1, ${pack.soldCount}::int + 1) s
        where not exists (select 1 from editions x where x.pack_id = ${pack.id} and x.serial = s)) end as serial
      from editions e where e.pack_id = ${pack.id}`,
  );
  if (row?.serial == null) throw new Error(`Pack ${pack.id} has ${pack.soldCount} sold but no free serial`);
  return Number(row.serial);
}
