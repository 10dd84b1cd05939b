import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ORDER_RESERVATION_MS, type PaymentInstructions } from '@stickerdrop/shared';
import { settleStarsPayment } from '@stickerdrop/core';
import { createTonIndexer, createTonWatcher, tables } from '@stickerdrop/core/testing';
import { FakeStripe } from '../../fakes/stripe.js';
import { startFakeToncenter, type FakeToncenter } from '../../fakes/toncenter.js';
import { buildTestApp, describePostgres, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { createPack, editionsOf, packRow } from '../orders/fixtures.js';
import { ledger, RECEIVER, railsConfig, recordingLog, refundJobs, STRIPE_WEBHOOK_SECRET } from './fixtures.js';

const PRICE = 1_500_000_000n;
const RAILS = ['ton', 'stripe', 'stars'] as const;

/** Real Postgres: PGlite runs one transaction at a time and would hide the race. */
describePostgres('100 buyers on three rails racing for the last 10 editions', () => {
  let t: TestApp;
  let chain: FakeToncenter;

  beforeEach(async () => {
    chain = await startFakeToncenter(RECEIVER);
    t = await buildTestApp({
      kind: 'postgres',
      config: {
        ...railsConfig({ indexerUrl: chain.baseUrl, stripeApiBase: 'http://127.0.0.1:9' }),
        botToken: '123456:TEST-token-for-signing-init-data',
      },
    });
  });
  afterEach(async () => {
    await t.close();
    await chain.close();
  });

  it('ends with exactly 10 fulfilled, every other paid order refund_required, none lost', async () => {
    const pack = await createPack(t, { priceNano: PRICE, maxSupply: 100, soldCount: 90 });
    const buyers = [];
    for (let i = 0; i < 100; i++) {
      const buyer = await createUser(t);
      const rail = RAILS[i % 3]!;
      const [order] = await t.db
        .insert(tables.orders)
        .values({
          userId: buyer.id,
          packId: pack.id,
          paymentMethod: rail,
          amountNano: PRICE,
          payment: { kind: 'demo' },
          expiresAt: new Date(t.clock.now.getTime() + ORDER_RESERVATION_MS),
          createdAt: t.clock.now,
        })
        .returning({ id: tables.orders.id });
      const payment: PaymentInstructions =
        rail === 'ton'
          ? { kind: 'ton', receiver: RECEIVER, amountNano: PRICE.toString(), comment: order!.id }
          : rail === 'stripe'
            ? { kind: 'stripe', checkoutUrl: `https://checkout.test/${order!.id}`, amountCents: 750 }
            : { kind: 'stars', invoiceLink: `https://t.me/$${order!.id}`, stars: 375 };
      await t.db.update(tables.orders).set({ payment }).where(eq(tables.orders.id, order!.id));
      buyers.push({ id: buyer.id, rail, orderId: order!.id });
    }
    // Every buyer paid, all of them after their reservation ran out: the editions go to whoever settles first.
    t.clock.advance(ORDER_RESERVATION_MS + 60_000);
    for (const buyer of buyers.filter((b) => b.rail === 'ton')) {
      chain.transfer({ amountNano: PRICE, comment: buyer.orderId });
    }

    const nowS = Math.floor(t.clock.now.getTime() / 1000);
    const webhook = (orderId: string, i: number) => {
      const payload = JSON.stringify({
        id: `evt_race_${i}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: nowS,
        data: {
          object: {
            id: `cs_test_race_${i}`,
            object: 'checkout.session',
            payment_status: 'paid',
            status: 'complete',
            amount_total: 750,
            currency: 'usd',
            client_reference_id: orderId,
            metadata: { orderId },
            payment_intent: `pi_race_${i}`,
          },
        },
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': FakeStripe.sign(payload, STRIPE_WEBHOOK_SECRET, nowS),
        },
        payload,
      });
    };
    const watchers = [1, 2].map(() =>
      createTonWatcher({
        db: t.db,
        indexer: createTonIndexer(chain.baseUrl),
        receiver: RECEIVER,
        now: () => t.clock.now,
        log: recordingLog(),
        pageSize: 7,
      }),
    );

    const results = await Promise.all([
      ...watchers.map((watcher) => watcher.pollOnce()),
      ...buyers.map(async (buyer, i) => {
        if (buyer.rail === 'stripe') {
          // Stripe delivers each event twice here, at once.
          const [a, b] = await Promise.all([webhook(buyer.orderId, i), webhook(buyer.orderId, i)]);
          expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
        }
        if (buyer.rail === 'stars') {
          const pay = () =>
            settleStarsPayment(t.db, {
              payload: buyer.orderId,
              chargeId: `charge-race-${i}`,
              payerId: buyer.id,
              currency: 'XTR',
              totalAmount: 375,
              now: t.clock.now,
            });
          await Promise.all([pay(), pay()]);
        }
        return 0;
      }),
    ]);
    expect(results[0]! + results[1]!).toBeGreaterThanOrEqual(34);

    const orders = await t.db.select().from(tables.orders).where(eq(tables.orders.packId, pack.id));
    const statuses = orders.map((order) => order.status);
    expect(statuses.filter((status) => status === 'paid')).toHaveLength(10);
    expect(statuses.filter((status) => status === 'refund_required')).toHaveLength(90);

    const editions = await editionsOf(t, pack.id);
    expect(editions.map((edition) => edition.serial)).toEqual(Array.from({ length: 10 }, (_, i) => 91 + i));
    const paidIds = new Set(orders.filter((order) => order.status === 'paid').map((order) => order.id));
    expect(new Set(editions.map((edition) => edition.orderId))).toEqual(paidIds);
    expect((await packRow(t, pack.id)).soldCount).toBe(100);

    // Every payment is in the ledger once; every refund_required order has its refund job.
    const payments = await ledger(t);
    expect(payments).toHaveLength(100);
    expect(payments.filter((row) => row.outcome === 'fulfilled')).toHaveLength(10);
    expect(payments.filter((row) => row.outcome === 'refund_required')).toHaveLength(90);
    expect(new Set(payments.map((row) => row.orderId)).size).toBe(100);
    const jobs = await refundJobs(t);
    expect(jobs).toHaveLength(90);
    expect(new Set(jobs.map((job) => (job.payload as { orderId: string }).orderId))).toEqual(
      new Set(orders.filter((order) => order.status === 'refund_required').map((order) => order.id)),
    );
  });
});
