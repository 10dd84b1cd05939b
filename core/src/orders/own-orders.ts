import { and, eq, or } from 'drizzle-orm';
import { API_ERRORS } from '@stickerdrop/shared';
import type { Database } from '../db/client.js';
import { findUserOrder, type OrderRecord } from '../db/order-record.js';
import { editions } from '../db/schema.js';
import { DomainError } from '../errors.js';
import type { FulfilResult } from '../sales/order.js';
import { fulfilOrder } from './fulfil.js';

/** A buyer's own order; anyone else's, like an unknown one, is not found. */
export async function requireUserOrder(db: Database, orderId: string, userId: number): Promise<OrderRecord> {
  const order = await findUserOrder(db, orderId, userId);
  if (!order) throw new DomainError('not_found', API_ERRORS.orderNotFound);
  return order;
}

/** The demo rail's button exists only in demo mode: elsewhere it is not there at all. */
export function requireDemoMode(demo: boolean): void {
  if (!demo) throw new DomainError('not_found', API_ERRORS.demoOff);
}

/**
 * Pays the buyer's own order on the demo rail. An order a real rail took (configured even in demo mode)
 * is paid there, never by this button.
 */
export async function payOnDemoRail(
  db: Database,
  input: { orderId: string; userId: number; now: Date },
): Promise<FulfilResult> {
  const order = await requireUserOrder(db, input.orderId, input.userId);
  if (order.payment.kind !== 'demo') {
    throw new DomainError('payment_method_unavailable', API_ERRORS.paymentMethodUnavailable);
  }
  return db.transaction(async (tx) => {
    const paid = await fulfilOrder(tx, { orderId: order.id, paymentRef: `demo:${order.id}`, now: input.now });
    // The order keeps the method the buyer chose, but the edition says how it was really paid: a demo
    // payment is not "Paid on chain".
    if (paid.outcome === 'fulfilled') {
      await tx
        .update(editions)
        .set({ acquiredWith: 'demo' })
        .where(
          and(
            or(eq(editions.orderId, order.id), eq(editions.id, order.editionId ?? 0)),
            eq(editions.ownerId, input.userId),
          ),
        );
    }
    return paid;
  });
}
