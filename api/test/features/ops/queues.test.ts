import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry, QueuesResponse } from '@stickerdrop/shared';
import { tables } from '@stickerdrop/core/testing';
import { buildTestApp, type TestApp } from '../../helpers.js';
import { createUser, type TestUser } from '../../users.js';
import { createPack, insertOrder } from '../orders/fixtures.js';
import { RECEIVER } from '../payments/fixtures.js';

const OPERATOR = 4_242_301;

describe('the queues a person must see', () => {
  let t: TestApp;
  let operator: TestUser;

  beforeEach(async () => {
    t = await buildTestApp({ config: { operatorIds: [OPERATOR] } });
    operator = await createUser(t, { id: OPERATOR });
  });
  afterEach(() => t.close());

  const ops = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: operator.headers });

  it('lists failed refunds, unmatched payments and held payouts with amount, rail and age, each with its action', async () => {
    const buyer = await createUser(t);
    const pack = await createPack(t);
    const orderId = await insertOrder(t, { userId: buyer.id, packId: pack.id, paymentMethod: 'stars' });
    const hourAgo = new Date(t.clock.now.getTime() - 3_600_000);
    const [refund] = await t.db
      .insert(tables.payments)
      .values({
        method: 'stars',
        ref: 'charge-9',
        orderId,
        amount: 375n,
        currency: 'XTR',
        outcome: 'refund_required',
        reason: 'sold_out',
        refundStatus: 'pending',
        createdAt: hourAgo,
      })
      .returning();
    await t.db.insert(tables.outbox).values({
      kind: 'refund_required',
      dedupeKey: `refund:${orderId}:stars:charge-9`,
      payload: {
        orderId,
        packId: pack.id,
        title: 'Space Cats',
        amount: '1.5',
        buyerId: buyer.id,
        paymentMethod: 'stars',
        paymentRef: 'charge-9',
        reason: 'sold_out',
      },
      status: 'failed',
      attempts: 12,
      lastError: 'Bad Request: CHARGE_ID_INVALID',
    });
    await t.db.insert(tables.payments).values({
      method: 'ton',
      ref: 'tx-unknown',
      orderId: null,
      amount: 2_000_000_000n,
      currency: 'TON',
      outcome: 'unmatched',
      reason: 'unknown_order',
      refundStatus: 'manual',
      details: { comment: 'hello' },
      createdAt: hourAgo,
    });
    const [payout] = await t.db
      .insert(tables.payouts)
      .values({
        kind: 'creator_payout',
        pays: 'balance:1:2026-12-01',
        destination: RECEIVER,
        amountNano: 250_000_000_000n,
        comment: 'Stickerdrop payout',
        status: 'held',
        reason: 'above PAYOUT_MAX_TON',
        createdAt: hourAgo,
      })
      .returning();

    const queues = (await ops('GET', '/api/ops/queues')).json() as QueuesResponse;
    expect(queues.refunds).toEqual([
      expect.objectContaining({
        id: refund!.id,
        amount: '375',
        currency: 'XTR',
        rail: 'stars',
        ageSeconds: 3600,
        status: 'failed',
      }),
    ]);
    expect(queues.refunds[0]!.detail).toContain('CHARGE_ID_INVALID');
    expect(queues.unmatchedPayments).toEqual([
      expect.objectContaining({
        amount: '2000000000',
        currency: 'TON',
        rail: 'ton',
        ageSeconds: 3600,
        detail: 'hello',
      }),
    ]);
    expect(queues.heldPayouts).toEqual([
      expect.objectContaining({ id: payout!.id, amount: '250000000000', rail: 'ton', status: 'held' }),
    ]);

    expect((await ops('POST', `/api/ops/refunds/${refund!.id}/retry`)).statusCode).toBe(200);
    const [job] = await t.db.select().from(tables.outbox).where(eq(tables.outbox.kind, 'refund_required'));
    expect([job!.status, job!.attempts]).toEqual(['pending', 0]);
    expect((await ops('POST', `/api/ops/payouts/${payout!.id}/release`)).statusCode).toBe(200);
    expect((await ops('POST', `/api/ops/payouts/${payout!.id}/release`)).statusCode).toBe(409);
    const [released] = await t.db.select().from(tables.payouts).where(eq(tables.payouts.id, payout!.id));
    expect(released!.status).toBe('pending');

    const audit = (await ops('GET', '/api/ops/audit')).json() as { entries: AuditEntry[] };
    expect(audit.entries.map((entry) => [entry.action, entry.operatorId, entry.target])).toEqual([
      ['payout.release', OPERATOR, { kind: 'payout', id: String(payout!.id) }],
      ['refund.retry', OPERATOR, { kind: 'payment', id: String(refund!.id) }],
    ]);
  });
});
