import { sql } from 'drizzle-orm';
import { OPS_ERRORS, type QueuesResponse } from '@stickerdrop/shared';
import type { Database, DbOrTx } from '../db/client.js';
import { queryRows } from '../db/sql-rows.js';
import { DomainError } from '../errors.js';
import { releaseHeldPayout } from '../payouts/intents.js';
import { recordAudit } from './audit.js';

type QueueItem = QueuesResponse['refunds'][number];

interface QueueRow {
  id: string;
  amount: string;
  currency: string;
  rail: string;
  since: Date | string;
  status: string;
  detail: string | null;
}

const QUEUE_LIMIT = 200;

const item =
  (now: Date) =>
  (row: QueueRow): QueueItem => ({
    id: Number(row.id),
    amount: row.amount,
    currency: row.currency,
    rail: row.rail,
    ageSeconds: Math.max(0, Math.floor((now.getTime() - new Date(row.since).getTime()) / 1000)),
    status: row.status,
    detail: row.detail,
  });

/**
 * What waits for a person, oldest first in each queue: refunds not yet made (`pending` in the refund queue,
 * with the queue's state and last error; `manual`: the rail could not give it back by itself), payments that
 * matched no order, and payouts held for an operator (above PAYOUT_MAX_TON or the day's cap).
 */
export async function listQueues(db: DbOrTx, now: Date): Promise<QueuesResponse> {
  const refunds = await queryRows<QueueRow>(
    db,
    sql`select p.id::text, p.amount::text, p.currency, p.method as rail, p.created_at as since,
        case when p.refund_status = 'pending' and o.status = 'failed' then 'failed' else p.refund_status end as status,
        coalesce(o.last_error, p.reason) as detail
      from payments p
      left join outbox o on o.kind = 'refund_required'
        and o.dedupe_key = 'refund:' || p.order_id || ':' || p.method || ':' || p.ref
      where p.refund_status in ('pending', 'manual') and p.order_id is not null
      order by p.created_at, p.id limit ${QUEUE_LIMIT}`,
  );
  const unmatched = await queryRows<QueueRow>(
    db,
    sql`select id::text, amount::text, currency, method as rail, created_at as since, refund_status as status,
        coalesce(details->>'comment', reason) as detail
      from payments where order_id is null and refund_status <> 'refunded'
      order by created_at, id limit ${QUEUE_LIMIT}`,
  );
  const held = await queryRows<QueueRow>(
    db,
    sql`select id::text, amount_nano::text as amount, 'TON' as currency, 'ton' as rail, created_at as since,
        status, reason as detail
      from payouts where status = 'held' order by created_at, id limit ${QUEUE_LIMIT}`,
  );
  return {
    refunds: refunds.map(item(now)),
    unmatchedPayments: unmatched.map(item(now)),
    heldPayouts: held.map(item(now)),
  };
}

/**
 * An operator asks the refund queue to try a payment's refund again now: its job, pending or given up, is
 * due at once with its attempts reset. 409 when the payment has no refund job waiting (refunded already,
 * or never queued).
 */
export async function retryRefund(db: Database, input: { operatorId: number; paymentId: number; now: Date }) {
  return db.transaction(async (tx) => {
    const [job] = await queryRows<{ id: string; status: string }>(
      tx,
      sql`select o.id::text, o.status from payments p
        join outbox o on o.kind = 'refund_required'
          and o.dedupe_key = 'refund:' || p.order_id || ':' || p.method || ':' || p.ref
        where p.id = ${input.paymentId} and p.refund_status in ('pending', 'manual')
          and o.status in ('pending', 'failed')
        for update of o`,
    );
    if (!job) throw new DomainError('already_done', OPS_ERRORS.refundNotRetryable);
    await tx.execute(sql`update outbox set status = 'pending', attempts = 0,
        next_attempt_at = ${input.now.toISOString()}::timestamptz where id = ${job.id}::bigint`);
    await recordAudit(tx, {
      operatorId: input.operatorId,
      action: 'refund.retry',
      target: { kind: 'payment', id: input.paymentId },
      before: { queue: job.status },
      after: { queue: 'pending' },
      at: input.now,
    });
    return { paymentId: input.paymentId, status: 'pending' };
  });
}

/** An operator releases a held payout: it goes with the next signed batch, past the caps. 409 when not held. */
export async function releasePayout(db: Database, input: { operatorId: number; payoutId: number; now: Date }) {
  return db.transaction(async (tx) => {
    if (!(await releaseHeldPayout(tx, input.payoutId, input.now))) {
      throw new DomainError('already_done', OPS_ERRORS.payoutNotHeld);
    }
    await recordAudit(tx, {
      operatorId: input.operatorId,
      action: 'payout.release',
      target: { kind: 'payout', id: input.payoutId },
      before: { status: 'held' },
      after: { status: 'pending' },
      at: input.now,
    });
    return { payoutId: input.payoutId, status: 'pending' };
  });
}
