import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { OrderStatus } from '@stickerdrop/shared';
import { orders } from '../db/schema.js';

/**
 * The rules every sale path shares, each written once. The database owns them as SQL functions (one file
 * each in core/sql/), which its locked writes call and Postgres inlines, so the indexes still serve;
 * TypeScript names them only through this module, and a rule it needs on a row already in memory has its
 * twin beside it, tested against the SQL.
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
export function paymentRefTaken(
  method: string | SQLWrapper,
  paymentRef: string | SQLWrapper,
  orderId: string | SQLWrapper,
): SQL<boolean> {
  return sql<boolean>`payment_ref_taken(${method}, ${paymentRef}, ${orderId}::uuid)`;
}

type Id = number | SQLWrapper;

/** "Already owns an edition of the pack" (`owns_edition`), leaving out one edition when asked. */
export function ownsEdition(userId: Id, packId: Id, exceptEditionId?: number): SQL<boolean> {
  return sql<boolean>`owns_edition(${userId}::bigint, ${packId}::integer, ${exceptEditionId ?? null}::integer)`;
}

/**
 * Editions of the pack still free for a new buyer at `at` (`editions_left`): the supply less those sold and
 * those live reservations hold, leaving out the order being paid when asked.
 */
export function editionsLeft(packId: Id, at: At, exceptOrderId?: string): SQL<number> {
  return sql<number>`editions_left(${packId}::integer, ${timestamp(at)}::timestamptz, ${exceptOrderId ?? null}::uuid)`;
}
