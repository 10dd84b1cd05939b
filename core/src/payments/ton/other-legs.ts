import { eq, inArray } from 'drizzle-orm';
import { readsTogetherById } from '../../db/batches.js';
import type { DbOrTx, Transaction } from '../../db/client.js';
import { editions, orders, packs } from '../../db/schema.js';
import { enqueueOutbox } from '../../outbox/enqueue.js';
import { outboxKey } from '../../outbox/keys.js';
import type { OrderRow } from '../../db/order-record.js';
import type { TonIndexer } from './indexer.js';
import type { IncomingTransfer } from './transfer.js';
import { expectedOtherLegs, legsPresent } from '../../sales/ton-legs.js';

/** What the watcher learned about an order's other legs (a resale's, a primary sale's creator leg) before settling its fee leg. */
export interface OtherLegsCheck {
  orderId: string;
  /** The seller's, the creator's legs the order asked for left the buyer's wallet in the same transaction, in full. */
  legsPaid: boolean;
}

/**
 * For a fee leg naming an order whose payment has other legs (a resale; a primary sale paying its creator
 * on chain): reads the buyer's sending transaction (toncenter's transactionsByMessage, direction out) and
 * checks its out_msgs for the legs the order asked for when it was reserved. Null for anything else. Runs
 * before the settling database transaction, so no HTTP call holds row locks; an indexer failure throws and
 * the transaction is read again on the next poll.
 */
export async function checkOtherLegs(
  db: DbOrTx,
  indexer: TonIndexer,
  transfer: IncomingTransfer,
  orderId: string | null,
  signal?: AbortSignal,
): Promise<OtherLegsCheck | null> {
  if (!orderId) return null;
  const order = await readOrderLegs(db, orderId);
  if (!order) return null;
  const expected = expectedOtherLegs(order);
  if (expected.length === 0) return order.kind === 'resale' ? { orderId, legsPaid: true } : null;
  const senders = await indexer.transactionsByMessage(transfer.messageHash, 'out', signal);
  const sent = senders.flatMap((tx) => (tx.description.aborted ? [] : tx.out_msgs));
  return { orderId, legsPaid: legsPresent(expected, sent) };
}

/**
 * Whether an incoming amount pays the order, from the order row read under lock: an order with other legs
 * (every resale, a primary sale paying its creator on chain) needs its fee leg's amount and those legs
 * checked on chain; any other primary order its price.
 */
export function paysOrder(check: OtherLegsCheck | null) {
  return (order: OrderRow, amount: bigint): boolean => {
    if (order.kind !== 'resale' && expectedOtherLegs(order).length === 0) return amount >= order.amountNano;
    const payment = order.payment;
    const feeLeg = payment.kind === 'ton' ? BigInt(payment.amountNano) : order.amountNano;
    return check?.orderId === order.id && check.legsPaid && amount >= feeLeg;
  };
}

/**
 * A resale payment that could not settle (legs missing or short): the buyer is told, in the settling
 * transaction, from the order row it read under lock (settle.ts calls this when the amount does not pay).
 */
export async function tellBuyerResaleFailed(
  tx: Transaction,
  order: OrderRow,
  check: OtherLegsCheck | null,
  paymentRef: string,
): Promise<void> {
  if (check?.orderId !== order.id || order.editionId === null) return;
  const [row] = await tx
    .select({ title: packs.title, serial: editions.serial })
    .from(editions)
    .innerJoin(packs, eq(packs.id, editions.packId))
    .where(eq(editions.id, order.editionId));
  if (!row) return;
  const failed = {
    orderId: order.id,
    packId: order.packId,
    title: row.title,
    serial: row.serial,
    buyerId: order.userId,
    paymentRef,
  };
  await enqueueOutbox(tx, 'resale_payment_failed', failed, outboxKey.resale_payment_failed(paymentRef));
}

/** What an order asked for, read for a page's transfers at once: those asked while one read runs go together. */
const readOrderLegs = readsTogetherById(
  (db: DbOrTx, ids: string[]) =>
    db
      .select({ id: orders.id, kind: orders.kind, payment: orders.payment })
      .from(orders)
      .where(inArray(orders.id, ids)),
  (order) => order.id,
);
