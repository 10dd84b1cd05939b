import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ORDER_RESERVATION_MS } from '@stickerdrop/shared';
import { settleStarsPayment } from '@stickerdrop/core';
import { queryRows, revokeRefundedStarsEdition, tables } from '@stickerdrop/core/testing';
import { buildTestApp, describePostgres, type TestApp } from '../../../helpers.js';
import { createUser } from '../../../users.js';
import { createPack, editionsOf, packRow } from '../../orders/fixtures.js';

const STARS = 375;

/** Real Postgres only: PGlite runs one transaction at a time and would hide every race here. */
describePostgres('Stars revocations racing new sales of the same pack', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind: 'postgres' });
  });
  afterEach(() => t.close());

  /** A reserved Stars order, as the Stars rail writes it. */
  async function starsOrder(packId: number): Promise<{ orderId: string; userId: number }> {
    const user = await createUser(t);
    const [order] = await t.db
      .insert(tables.orders)
      .values({
        userId: user.id,
        packId,
        paymentMethod: 'stars',
        amountNano: 1_500_000_000n,
        payment: { kind: 'stars', invoiceLink: 'https://t.me/$invoice', stars: STARS },
        expiresAt: new Date(t.clock.now.getTime() + ORDER_RESERVATION_MS),
      })
      .returning({ id: tables.orders.id });
    return { orderId: order!.id, userId: user.id };
  }

  const settle = (order: { orderId: string; userId: number }, chargeId: string) =>
    settleStarsPayment(t.db, {
      payload: order.orderId,
      chargeId,
      payerId: order.userId,
      currency: 'XTR',
      totalAmount: STARS,
      now: t.clock.now,
    });

  it('four refunds (two seen twice at once) and four sales: unique serials, one revocation each, exact counters', async () => {
    const pack = await createPack(t, { maxSupply: 12 });
    for (let i = 1; i <= 8; i++) {
      expect((await settle(await starsOrder(pack.id), `charge-${i}`)).outcome).toBe('fulfilled');
    }
    const newcomers = [];
    for (let i = 9; i <= 12; i++) newcomers.push(await starsOrder(pack.id));

    const refunds = ['charge-1', 'charge-1', 'charge-3', 'charge-5', 'charge-7', 'charge-7'];
    const results = await Promise.all([
      ...refunds.map((chargeId) => revokeRefundedStarsEdition(t.db, { chargeId, now: t.clock.now })),
      ...newcomers.map((order, i) => settle(order, `charge-${9 + i}`).then((r) => r.outcome)),
    ]);

    expect(results.filter((r) => r === 'revoked')).toHaveLength(4);
    expect(results.filter((r) => r === 'already_handled')).toHaveLength(2);
    expect(results.filter((r) => r === 'fulfilled')).toHaveLength(4);
    const serials = (await editionsOf(t, pack.id)).map((e) => e.serial);
    expect(serials).toHaveLength(8);
    expect(new Set(serials).size).toBe(8);
    expect(Math.max(...serials)).toBeLessThanOrEqual(12);
    expect((await packRow(t, pack.id)).soldCount).toBe(8);
    expect(await t.db.select().from(tables.editionRevocations)).toHaveLength(4);
    const [counters] = await queryRows<{ kept: string; actual: string }>(
      t.db,
      sql`select (select sum(sales) from marketplace_counters)::text as kept,
        (select count(*) from editions)::text as actual`,
    );
    expect(counters).toEqual({ kept: '8', actual: '8' });
    const [creator] = await t.db.select().from(tables.creatorStats);
    expect(Number(creator!.sales)).toBe(8);
  });
});
