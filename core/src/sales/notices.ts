import { formatTon } from '@stickerdrop/shared';
import type { OrderRow } from '../db/order-record.js';
import type { RefundReason, SalePayload } from '../outbox/kinds/index.js';
import { outboxMessage, type OutboxMessage } from '../outbox/enqueue.js';
import { outboxKey } from '../outbox/keys.js';

/**
 * The messages a sale queues for the bot, built once for every path that settles one (a primary order
 * alone or in a batch, a resale, a second payment): the caller writes them with `enqueueOutboxMessages`
 * in the transaction that makes the sale.
 */

/** The pack as the messages name it. */
export interface SoldPack {
  id: number;
  title: string;
}

/** A payment that bought nothing goes back to the buyer: the refund job, with why. */
export function refundRequiredMessage(
  order: Pick<OrderRow, 'id' | 'amountNano' | 'userId'>,
  pack: SoldPack,
  payment: { method: string; paymentRef: string },
  reason: RefundReason,
): OutboxMessage {
  const payload = {
    orderId: order.id,
    packId: pack.id,
    title: pack.title,
    amount: formatTon(order.amountNano),
    buyerId: order.userId,
    paymentMethod: payment.method,
    paymentRef: payment.paymentRef,
    reason,
  };
  return outboxMessage(
    'refund_required',
    payload,
    outboxKey.refund_required(order.id, payment.method, payment.paymentRef),
  );
}

/** A new edition: the buyer's receipt (with the claim link of a gift they bought) and the creator's sale notice. */
export function editionSoldMessages(
  order: Pick<OrderRow, 'id' | 'amountNano' | 'userId'>,
  pack: SoldPack & { maxSupply: number; creatorId: number },
  serial: number,
  giftCode: string | null = null,
): [OutboxMessage, OutboxMessage] {
  const sale: SalePayload = {
    orderId: order.id,
    packId: pack.id,
    title: pack.title,
    serial,
    maxSupply: pack.maxSupply,
    amount: formatTon(order.amountNano),
    buyerId: order.userId,
    creatorId: pack.creatorId,
  };
  return [
    outboxMessage('purchase_receipt', giftCode ? { ...sale, giftCode } : sale, outboxKey.purchase_receipt(order.id)),
    outboxMessage('sale_notice', sale, outboxKey.sale_notice(order.id)),
  ];
}
