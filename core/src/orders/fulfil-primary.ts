import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { readsTogether, writesTogether } from '../db/batches.js';
import { perHandle } from '../db/prepared.js';
import { orderColumnsOf, type OrderRow } from '../db/order-record.js';
import type { RefundReason } from '../db/outbox-payloads.js';
import { gifts, orders, packs } from '../db/schema.js';
import { checkedOutboxRows, type OutboxRow } from '../outbox/enqueue.js';
import { editionSoldMessages, refundRequiredMessage } from '../sales/notices.js';
import type { FulfilInput } from '../sales/order.js';

/**
 * A reserved or lapsed primary order is settled by the database function `fulfil_primary_order`
 * (migrations 0007, 0012 to 0015): in a drop every payment waits for the pack's row lock, so it is held
 * for the database's work only, never across a round trip to this process. Payments that arrive together
 * are settled in one statement (group commit), in the order they arrived, and that statement also writes
 * the messages each outcome calls for, built and checked here beforehand: its own transaction commits the
 * moment it ends, with nothing left to send under the lock.
 */

export interface FulfilAnswer {
  outcome: 'fulfilled' | RefundReason | 'missing' | 'ref_conflict' | 'other' | `error: ${string}`;
  serial: number | null;
  order: OrderRow;
}

/**
 * One payment: its messages are built first, from a read made with the other payments' reads arriving
 * meanwhile (not in the chain of batches below, so a batch waits for nothing but its statement); then it is
 * settled alone in a savepoint inside a caller's transaction, else with the others arriving meanwhile.
 */
export async function fulfilPrimary(db: DbOrTx, input: FulfilInput): Promise<FulfilAnswer> {
  const sale = await readSaleToSettle(db, 0, input.orderId);
  return fulfilOne(db, 0, { ...input, notices: noticesFor(sale, input) });
}

type PaymentWithNotices = FulfilInput & { notices: Partial<Record<NoticeOutcome, OutboxRow[]>> };

const fulfilOne = writesTogether((db, _: 0, payments: PaymentWithNotices[]) => fulfilTogether(db, payments));

async function fulfilTogether(db: DbOrTx, payments: PaymentWithNotices[]): Promise<FulfilAnswer[]> {
  return (await preparedFulfilBatch(db).execute({
    orderIds: payments.map((p) => p.orderId),
    refs: payments.map((p) => p.paymentRef),
    methods: payments.map((p) => p.method ?? null),
    nows: payments.map((p) => p.now.toISOString()),
    notices: JSON.stringify(payments.map((p) => p.notices)),
  })) as FulfilAnswer[];
}

const readSaleToSettle = readsTogether(async (db: DbOrTx, _: 0, orderIds: string[]) => {
  const sales = await preparedSalesToSettle(db).execute({ orderIds });
  const saleOf = new Map(sales.map((sale) => [sale.order.id, sale]));
  return orderIds.map((id) => saleOf.get(id));
});

/** An order about to be paid and its pack, as they were before the lock: what its messages are made of. */
type SaleToSettle = Awaited<ReturnType<ReturnType<typeof preparedSalesToSettle>['execute']>>[number];

type NoticeOutcome = Extract<FulfilAnswer['outcome'], 'fulfilled' | 'sold_out' | 'already_owned'>;

/**
 * What the buyer and the creator are told for each outcome the payment may have: a receipt (with the claim
 * link when the order was bought as a gift) and a sale notice, or the refund and its reason. The database writes one list, with what it read under the lock
 * (the pack's title, supply and creator, the serial it minted) over the fields of the same name here;
 * serial 1 stands in for the one it mints. An order not found has none: the function answers 'missing'.
 */
function noticesFor(sale: SaleToSettle | undefined, input: FulfilInput): Partial<Record<NoticeOutcome, OutboxRow[]>> {
  if (!sale) return {};
  const { order, pack, giftCode } = sale;
  const payment = { method: input.method ?? order.paymentMethod, paymentRef: input.paymentRef };
  return {
    fulfilled: checkedOutboxRows(editionSoldMessages(order, pack, 1, giftCode)),
    sold_out: checkedOutboxRows([refundRequiredMessage(order, pack, payment, 'sold_out')]),
    already_owned: checkedOutboxRows([refundRequiredMessage(order, pack, payment, 'already_owned')]),
  };
}

/** Prepared (db/prepared.ts), as is the batch below: a drop runs each hundreds of times. */
const preparedSalesToSettle = perHandle((db: DbOrTx) =>
  db
    .select({
      order: {
        id: orders.id,
        amountNano: orders.amountNano,
        userId: orders.userId,
        paymentMethod: orders.paymentMethod,
      },
      pack: { id: packs.id, title: packs.title, maxSupply: packs.maxSupply, creatorId: packs.creatorId },
      giftCode: gifts.code,
    })
    .from(orders)
    .innerJoin(packs, eq(packs.id, orders.packId))
    .leftJoin(gifts, eq(gifts.orderId, orders.id))
    .where(sql`${orders.id} = any(${sql.placeholder('orderIds')}::uuid[])`)
    .prepare('primary_sales_to_settle'),
);

/** Each batch a statement of arrays bound as parameters. */
const preparedFulfilBatch = perHandle((db: DbOrTx) =>
  db
    .select({
      outcome: sql<FulfilAnswer['outcome']>`r.outcome`,
      serial: sql<number | null>`r.minted_serial`,
      order: orderColumnsOf(sql`r.settled`),
    })
    .from(
      sql`fulfil_primary_orders(${sql.placeholder('orderIds')}::uuid[], ${sql.placeholder('refs')}::text[],
        ${sql.placeholder('methods')}::text[], ${sql.placeholder('nows')}::timestamptz[],
        ${sql.placeholder('notices')}::jsonb) as r`,
    )
    .prepare('fulfil_primary_orders'),
);
