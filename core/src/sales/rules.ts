import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { OrderStatus } from '@stickerdrop/shared';
import { orders } from '../db/schema.js';

/**
 * The rules every sale path shares, each written once. The database owns them as SQL functions (migration
 * 0012), which its locked writes call and Postgres inlines, so the orders indexes still serve; TypeScript
 * names them only through this module.
 */

type At = Date | SQLWrapper;

const timestamp = (at: At) => (at instanceof Date ? at.toISOString() : at);

/** A reservation holds an edition only while it is unpaid and before its expiry (`reservation_is_live`). */
export function liveReservation(at: At): SQL {
  return sql`reservation_is_live(${orders.status}, ${orders.expiresAt}, ${timestamp(at)}::timestamptz)`;
}

/** The same rule for the orders row aliased `alias` in a hand-written query (`o` in `from orders o`). */
export function liveReservationOf(alias: string, at: At): SQL {
  const row = sql.raw(alias);
  return sql`reservation_is_live(${row}.status, ${row}.expires_at, ${timestamp(at)}::timestamptz)`;
}

/**
 * A pack's reservations that hold one of its unsold editions at `at`: live primary orders (a resale order
 * holds a listed edition, not one of the pack's).
 */
export function liveReservationOfPack(packId: number | SQLWrapper, at: At): SQL {
  return sql`(${orders.packId} = ${packId} and ${orders.kind} = 'primary' and ${liveReservation(at)})`;
}

/** Reserved but no longer live: a reservation the sweeper may mark expired. */
export function lapsedReservation(at: At): SQL {
  return sql`(${orders.status} = 'reserved' and not ${liveReservation(at)})`;
}

/**
 * The rule on a row already in memory (a stored order read for its page or a pre-checkout answer):
 * `reservation_is_live` as JavaScript, kept beside it so the two cannot drift apart.
 */
export function isLiveReservation(order: { status: string; expiresAt: Date }, now: Date): boolean {
  return order.status === 'reserved' && order.expiresAt.getTime() > now.getTime();
}

/** The status a reader sees: a lapsed reservation reads as expired before the sweeper gets to it. */
export function effectiveStatus(order: { status: string; expiresAt: Date }, now: Date): OrderStatus {
  if (order.status === 'reserved' && !isLiveReservation(order, now)) return 'expired';
  return order.status as OrderStatus;
}

/** One payment reference settles one order: true when another order than `orderId` carries it. */
export function paymentRefTaken(method: string, paymentRef: string, orderId: string): SQL<boolean> {
  return sql<boolean>`payment_ref_taken(${method}, ${paymentRef}, ${orderId}::uuid)`;
}
