import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { editionRevocations, editions, orders, packs, payments } from '../../db/schema.js';
import { outboxMessage } from '../../outbox/enqueue.js';
import { outboxKey } from '../../outbox/keys.js';
import { moveEdition } from '../../resale/move-edition.js';
import { reversePendingCredit } from '../../balance/credit.js';

/**
 * revoked: the edition was taken back; already_handled: this refund was seen before (or was ours);
 * resold: the edition changed hands or went on the market before the refund came (the lock had passed),
 * so it stays where it is and the operator settles it (`refund_status = 'manual'`); no_edition: the payment
 * bought nothing we could take back.
 */
export type RevocationOutcome = 'revoked' | 'already_handled' | 'resold' | 'no_edition';

/** Of these Stars charges Telegram lists as refunded, the ones that bought an edition we never refunded. */
export async function unrefundedStarsPurchases(db: Database, chargeIds: readonly string[]): Promise<string[]> {
  if (chargeIds.length === 0) return [];
  const rows = await db
    .select({ ref: payments.ref })
    .from(payments)
    .where(
      and(
        eq(payments.method, 'stars'),
        eq(payments.outcome, 'fulfilled'),
        eq(payments.refundStatus, 'none'),
        inArray(payments.ref, [...chargeIds]),
      ),
    );
  return rows.map((row) => row.ref);
}

/**
 * Telegram refunded a Stars payment that bought an edition, and we did not refund it (a refund we make is
 * marked in the ledger first, and we only ever refund payments that bought nothing). The buyer has their
 * Stars back, so the edition goes back too, in one transaction: the edition row is deleted (its serial
 * returns to the pack's supply: sold_count goes down and the next sale takes the lowest free serial; the
 * counters' triggers take the sale out of the figures), its feed entries go with it, the creator's credit
 * for the sale is reversed while still pending, the order reads refunded, the ledger row says refunded with
 * `edition_revocations` keeping what was taken back, and the owner is told through the outbox. The edition was bought in Stars, so it was locked against resale; a
 * refund that arrives after the lock, once it was sold on or went on the market (listed, offered on), is
 * left to the operator (`refund_status = 'manual'`).
 *
 * Idempotent: the payment row is locked first and a refund_status other than 'none' means done.
 * Lock order: payment, order, pack, edition — fulfilment takes order then pack, listing takes the edition.
 */
export async function revokeRefundedStarsEdition(
  db: Database,
  input: { chargeId: string; now: Date },
): Promise<RevocationOutcome> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.method, 'stars'), eq(payments.ref, input.chargeId)))
      .for('update');
    if (!payment || payment.outcome !== 'fulfilled' || payment.refundStatus !== 'none' || !payment.orderId) {
      return 'already_handled';
    }
    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update');
    const [pack] = order ? await tx.select().from(packs).where(eq(packs.id, order.packId)).for('update') : [];
    const [edition] = order ? await tx.select().from(editions).where(eq(editions.orderId, order.id)).for('update') : [];
    const details = (reason: string) =>
      sql`${payments.details} || ${JSON.stringify({ refundedByTelegramAt: input.now.toISOString(), revocation: reason })}::jsonb`;

    if (!order || !pack || !edition) {
      await markRefunded(tx, payment.id, 'refunded', details('no_edition'), input.now);
      return 'no_edition';
    }
    const revoked = {
      userId: edition.ownerId,
      packId: pack.id,
      title: pack.title,
      serial: edition.serial,
      maxSupply: pack.maxSupply,
      stars: Number(payment.amount),
    };
    const takenBack =
      edition.ownerId === order.userId &&
      (await moveEdition(tx, {
        edition,
        to: 'supply',
        type: null,
        priceNano: null,
        at: input.now,
        setRevokeKey: outboxKey.sticker_set_revoke({ refundedStarsPaymentId: payment.id }),
        messages: [outboxMessage('edition_revoked', revoked, outboxKey.edition_revoked(payment.id))],
      })) === 'moved';
    // The Stars are back with the buyer whether or not the edition could be taken back.
    await reversePendingCredit(tx, order.id, input.now);
    if (!takenBack) {
      await markRefunded(tx, payment.id, 'manual', details('resold'), input.now);
      return 'resold';
    }
    await tx
      .update(packs)
      .set({ soldCount: sql`${packs.soldCount} - 1` })
      .where(eq(packs.id, pack.id));
    await tx.update(orders).set({ status: 'refunded' }).where(eq(orders.id, order.id));
    await markRefunded(tx, payment.id, 'refunded', details('revoked'), input.now);
    await tx.insert(editionRevocations).values({
      paymentId: payment.id,
      orderId: order.id,
      packId: pack.id,
      editionId: edition.id,
      serial: edition.serial,
      ownerId: edition.ownerId,
      revokedAt: input.now,
    });
    return 'revoked';
  });
}

async function markRefunded(
  tx: Transaction,
  paymentId: number,
  refundStatus: 'refunded' | 'manual',
  details: ReturnType<typeof sql>,
  now: Date,
) {
  await tx.update(payments).set({ refundStatus, refundedAt: now, details }).where(eq(payments.id, paymentId));
}
