import { eq, getTableColumns, sql } from 'drizzle-orm';
import { balanceRailOf, primarySaleCredit, primarySaleCreditInserts, type BalanceTerms } from '../balance/index.js';
import type { Transaction } from '../db/client.js';
import type { GroupCall } from '../db/group-commit.js';
import type { OrderRow } from '../db/order-record.js';
import { columnsOf } from '../db/sql-rows.js';
import type { RefundReason } from '../outbox/kinds/index.js';
import { orders, packs } from '../db/schema.js';
import { enqueueOutboxMessages } from '../outbox/enqueue.js';
import { holdsEditionOf, moveEdition, type MintedSale } from '../resale/move-edition.js';
import { editionSoldMessages, refundRequiredMessage } from '../sales/notices.js';
import { creatorPaidOnChain } from '../sales/ton-legs.js';
import type { FulfilResult } from '../sales/order.js';
import { isLiveReservation } from '../sales/rules.js';

/** A payment as a sale records it: the rail that took it, its reference, when, and what the edition says. */
export interface SalePayment {
  method: string;
  paymentRef: string;
  now: Date;
  /** How the edition says it was paid (the Stars lock reads it); the demo rail's is `demo`. */
  acquiredWith: string;
  /** The code of the gift the order buys, for the receipt's claim link; null when it buys none. */
  giftCode: string | null;
  /** What the creator's credit is worth and when it is available. */
  balance: BalanceTerms;
  /** The group of settlements sharing this transaction: the pack's lock is taken after their other work. */
  group: GroupCall;
}

/**
 * A payment for a reserved or lapsed primary order. The caller holds the order's row lock and has ruled out
 * a settled order and a spent reference. Lock order, as in every sale: the order, the pack's row (payments of
 * a pack go one at a time; a reservation's FOR KEY SHARE does not wait for them), then, for a lapsed order,
 * the pack's supply lock that reservations take too. The buyer gets an edition when they own none of the pack
 * and the order is live, or lapsed with an edition left beside others' live reservations; then it is minted
 * with the next serial (`moveEdition`), the creator credited and the receipt and the creator's notice queued.
 * Otherwise the order is refund_required and the buyer is told why.
 *
 * In a drop every payment of the pack waits for its row lock, so as little as can be runs while it is held:
 * the order is written first (its row is ours already); then the sale is counted and its edition minted with
 * those of every payment settled together, in one call that takes the lock; the credits and the messages of
 * the group are then one statement each before the commit.
 */
export async function settlePrimaryOrder(
  tx: Transaction,
  order: OrderRow,
  payment: SalePayment,
): Promise<FulfilResult> {
  const paid = await payment.group.together(tx, markOrdersPaid, {
    orderId: order.id,
    at: payment.now,
    method: payment.method,
    ref: payment.paymentRef,
  });
  const minted = await moveEdition(tx, {
    mint: { packId: order.packId, orderId: order.id, lapsed: !isLiveReservation(order, payment.now) },
    to: order.userId,
    type: 'mint',
    priceNano: order.amountNano,
    acquired: { with: payment.acquiredWith, at: payment.now },
    messages: (sale) => editionSoldMessages(order, sale.pack, sale.serial, payment.giftCode),
    group: payment.group,
  });
  if (minted.outcome === 'not_counted') return refuseWhenFull(tx, order, payment);
  if (minted.outcome !== 'minted') return refuse(tx, order, minted.pack, payment, minted.outcome);
  const credit = creatorCredit(order, minted, payment);
  if (credit) await payment.group.writeLater(tx, primarySaleCreditInserts, [credit]);
  return { outcome: 'fulfilled', order: { ...paid, edition: minted.serial } };
}

interface PaidMark {
  orderId: string;
  at: Date;
  method: string;
  ref: string;
}

/** Marks the orders of a group's payments paid, in one statement; each order's row as it is now. */
async function markOrdersPaid(tx: Transaction, marks: readonly PaidMark[]): Promise<OrderRow[]> {
  const column = columnsOf(marks);
  const rows = await tx
    .update(orders)
    .set({ status: 'paid', paidAt: sql`p.paid_at`, paymentMethod: sql`p.method`, paymentRef: sql`p.ref` })
    .from(
      sql`unnest(${column((m) => m.orderId)}::uuid[], ${column((m) => m.at.toISOString())}::timestamptz[],
        ${column((m) => m.method)}::text[], ${column((m) => m.ref)}::text[]) as p(order_id, paid_at, method, ref)`,
    )
    .where(eq(orders.id, sql`p.order_id`))
    .returning(getTableColumns(orders));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return marks.map((mark) => {
    const row = byId.get(mark.orderId);
    if (!row) throw new Error(`Order ${mark.orderId} vanished while locked`);
    return row;
  });
}

/**
 * Every rail's primary revenue reaches the marketplace's own account, so the creator's share is credited
 * to their balance, at the order's TON price (fixed when it was reserved, whatever the rail), written with
 * the edition. When a TON sale pays the creator's share on chain in the buyer's transaction, that sale must
 * write no credit here.
 */
function creatorCredit(order: OrderRow, sale: MintedSale, payment: SalePayment) {
  const rail = balanceRailOf(payment.method, payment.acquiredWith);
  if (!rail || creatorPaidOnChain(order.payment)) return null;
  return primarySaleCredit(
    { creatorId: sale.pack.creatorId, priceNano: order.amountNano, rail, at: payment.now, terms: payment.balance },
    { orderId: order.id, id: sale.id, packId: sale.pack.id, serial: sale.serial },
  );
}

type Refusal = Extract<RefundReason, 'already_owned' | 'sold_out' | 'pack_removed'>;

/** The order bought nothing: refund_required, and the buyer told why. */
async function refuse(
  tx: Transaction,
  order: OrderRow,
  pack: { id: number; title: string },
  payment: SalePayment,
  reason: Refusal,
): Promise<FulfilResult> {
  const [refused] = await tx
    .update(orders)
    .set({ status: 'refund_required', paidAt: null, paymentMethod: payment.method, paymentRef: payment.paymentRef })
    .where(eq(orders.id, order.id))
    .returning();
  await enqueueOutboxMessages(tx, [refundRequiredMessage(order, pack, payment, reason)]);
  return { outcome: 'refund_required', order: { ...refused!, edition: null }, refundReason: reason };
}

/**
 * No sale could be counted: the marketplace removed the pack (a takedown or its creator's ban, which the
 * count waited for under the pack's lock), or every edition is sold, so none is left for a lapsed order (a
 * live one cannot meet a full pack: sold plus live reservations never exceed the supply). Owning one
 * already is the reason before sold out, as under the lock.
 */
async function refuseWhenFull(tx: Transaction, order: OrderRow, payment: SalePayment): Promise<FulfilResult> {
  const [pack] = await tx
    .select({ id: packs.id, title: packs.title, status: packs.status })
    .from(packs)
    .where(eq(packs.id, order.packId));
  // The order's foreign key keeps its pack: a missing one is a broken database, not a refusal.
  if (!pack) throw new Error(`Pack ${order.packId} of a paid order does not exist`);
  if (pack.status !== 'listed') return refuse(tx, order, pack, payment, 'pack_removed');
  const owned = await holdsEditionOf(tx, order.userId, pack.id);
  return refuse(tx, order, pack, payment, owned ? 'already_owned' : 'sold_out');
}
