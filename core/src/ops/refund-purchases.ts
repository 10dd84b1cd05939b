import { sql } from 'drizzle-orm';
import { formatTon } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { queryRows } from '../db/sql-rows.js';
import { enqueueOutboxMessages, outboxMessage } from '../outbox/enqueue.js';
import { outboxKey } from '../outbox/keys.js';

/** The rails whose money the refund queue can give back; demo payments took nothing. */
const REFUNDED_RAILS = ['stars', 'stripe', 'ton'];

interface PurchaseRow {
  paymentId: string;
  method: string;
  ref: string;
  orderId: string;
  buyerId: string;
  amountNano: string;
}

/**
 * Every purchase of a new edition of the pack is refunded on its own rail, once: each payment that bought
 * one and was never refunded is marked `pending` and handed to the refund queue (a `refund_required` job,
 * keyed by its payment, as any refund is), all in the takedown's transaction. A payment already pending or
 * refunded is left alone, so a pack restored and taken down again refunds only what was bought since.
 * Resales are not here: their money went to the seller's wallet, not through the marketplace.
 */
export async function queuePackRefunds(tx: DbOrTx, pack: { id: number; title: string }, now: Date): Promise<number> {
  const purchases = await queryRows<PurchaseRow>(
    tx,
    sql`update payments p set refund_status = 'pending',
        details = p.details || ${JSON.stringify({ takenDownAt: now.toISOString() })}::jsonb
      from orders o
      where o.id = p.order_id and o.pack_id = ${pack.id} and o.kind = 'primary' and o.status = 'paid'
        and p.outcome = 'fulfilled' and p.refund_status = 'none'
        and p.method in (${sql.join(
          REFUNDED_RAILS.map((rail) => sql`${rail}`),
          sql`, `,
        )})
      returning p.id::text as "paymentId", p.method, p.ref, o.id::text as "orderId",
        o.user_id::text as "buyerId", o.amount_nano::text as "amountNano"`,
  );
  const jobs = purchases.map((purchase) =>
    outboxMessage(
      'refund_required',
      {
        orderId: purchase.orderId,
        packId: pack.id,
        title: pack.title,
        amount: formatTon(BigInt(purchase.amountNano)),
        buyerId: Number(purchase.buyerId),
        paymentMethod: purchase.method,
        paymentRef: purchase.ref,
        reason: 'taken_down',
      },
      outboxKey.refund_required(purchase.orderId, purchase.method, purchase.ref),
    ),
  );
  if (jobs.length > 0) await enqueueOutboxMessages(tx, jobs);
  return purchases.length;
}
