import { formatTon, type Order, type PaymentMethod } from '@stickerdrop/shared';
import type { OrderRecord } from '../db/order-record.js';
import { effectiveStatus } from './rules.js';

/** An order as the API answers it (the response schema of @stickerdrop/shared). */
export function toOrderDto(order: OrderRecord, now: Date): Order {
  const resale = order.kind === 'resale';
  return {
    id: order.id,
    stickerId: order.packId,
    status: effectiveStatus(order, now),
    paymentMethod: order.paymentMethod as PaymentMethod,
    amount: formatTon(order.amountNano),
    expiresAt: order.expiresAt.toISOString(),
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    edition: resale && order.status !== 'paid' ? null : order.edition,
    payment: order.payment,
    ...(resale && {
      kind: 'resale' as const,
      ...(order.listingId !== null ? { listingId: order.listingId } : { offerId: order.offerId! }),
      editionId: order.editionId!,
      serial: order.edition!,
    }),
  };
}
