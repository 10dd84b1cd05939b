import { Api } from 'grammy';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ORDER_RESERVATION_MS, type Order } from '@stickerdrop/shared';
import { settleStarsPayment } from '@stickerdrop/core';
import { createStarsReconciler } from '@stickerdrop/core/testing';
import { startFakeBotApi, type FakeBotApi } from '../../../fakes/bot-api.js';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../../helpers.js';
import { createUser, type TestUser } from '../../../users.js';
import { buy, createPack, editionsOf, orderRow, outboxRows } from '../../orders/fixtures.js';
import { ledger, railsConfig, recordingLog } from '../fixtures.js';

const PRICE = 1_500_000_000n;
const STARS = 375;

describeEachDatabase('Stars reconciliation from getStarTransactions', (kind) => {
  let t: TestApp;
  let telegram: FakeBotApi;
  let log: ReturnType<typeof recordingLog>;

  beforeEach(async () => {
    telegram = await startFakeBotApi();
    t = await buildTestApp({ kind, config: railsConfig({ telegramApiRoot: telegram.apiRoot }) });
    log = recordingLog();
  });
  afterEach(async () => {
    await t.close();
    await telegram.close();
  });

  const reconciler = () =>
    createStarsReconciler({
      db: t.db,
      telegram: new Api(t.config.botToken!, { apiRoot: telegram.apiRoot }),
      now: () => t.clock.now,
      log,
      pageSize: 2,
    });

  async function starsOrder(buyer: TestUser, packId: number): Promise<Order> {
    const bought = await buy(t, buyer, packId, 'stars');
    expect(bought.statusCode, bought.error).toBe(201);
    return bought.order;
  }

  it('settles a payment the bot never settled, once, and leaves settled ones alone', async () => {
    const pack = await createPack(t, { priceNano: PRICE });
    const seen = await createUser(t);
    const lost = await createUser(t);
    const seenOrder = await starsOrder(seen, pack.id);
    const lostOrder = await starsOrder(lost, pack.id);
    telegram.addStarPayment({ chargeId: 'charge-seen', userId: seen.id, payload: seenOrder.id, amount: STARS });
    telegram.addStarPayment({ chargeId: 'charge-lost', userId: lost.id, payload: lostOrder.id, amount: STARS });
    // The bot handled the first update; the second was swallowed by an error.
    await settleStarsPayment(t.db, {
      payload: seenOrder.id,
      chargeId: 'charge-seen',
      payerId: seen.id,
      currency: 'XTR',
      totalAmount: STARS,
      now: t.clock.now,
    });

    expect(await reconciler().reconcileOnce()).toBe(1);
    expect((await orderRow(t, lostOrder.id)).status).toBe('paid');
    expect((await ledger(t)).map((row) => [row.ref, row.outcome])).toEqual([
      ['charge-seen', 'fulfilled'],
      ['charge-lost', 'fulfilled'],
    ]);
    expect(await reconciler().reconcileOnce()).toBe(0);
    expect(await editionsOf(t, pack.id)).toHaveLength(2);
    expect(log.lines.filter((line) => line.message.includes('reconciliation'))).toHaveLength(1);
  });

  it('refunds a missed payment that can no longer buy an edition, tells the buyer, and skips refunded ones', async () => {
    const pack = await createPack(t, { priceNano: PRICE, maxSupply: 1 });
    const late = await createUser(t);
    const lateOrder = await starsOrder(late, pack.id);
    t.clock.advance(ORDER_RESERVATION_MS + 1000);
    const winner = await createUser(t);
    const winnerOrder = await starsOrder(winner, pack.id);
    await settleStarsPayment(t.db, {
      payload: winnerOrder.id,
      chargeId: 'charge-winner',
      payerId: winner.id,
      currency: 'XTR',
      totalAmount: STARS,
      now: t.clock.now,
    });
    telegram.addStarPayment({ chargeId: 'charge-winner', userId: winner.id, payload: winnerOrder.id, amount: STARS });
    telegram.addStarPayment({ chargeId: 'charge-late', userId: late.id, payload: lateOrder.id, amount: STARS });
    // Someone else's payment the operator refunded by hand: not ours to settle.
    telegram.addStarPayment({ chargeId: 'charge-refunded', userId: late.id, payload: lateOrder.id, amount: STARS });
    await new Api(t.config.botToken!, { apiRoot: telegram.apiRoot }).refundStarPayment(late.id, 'charge-refunded');

    expect(await reconciler().reconcileOnce()).toBe(1);
    expect((await orderRow(t, lateOrder.id)).status).toBe('refund_required');
    expect(telegram.acceptedCallsTo('refundStarPayment').map((call) => call.params.telegram_payment_charge_id)).toEqual(
      ['charge-refunded', 'charge-late'],
    );
    expect((await ledger(t)).find((row) => row.ref === 'charge-late')).toMatchObject({
      outcome: 'refund_required',
      reason: 'sold_out',
      refundStatus: 'refunded',
    });
    expect((await ledger(t)).some((row) => row.ref === 'charge-refunded')).toBe(false);
    // The bot tells the buyer (bot/test/outbox/refund-notice.test.ts): one notice for the one refund made here.
    const notices = (await outboxRows(t)).filter((row) => row.kind === 'refund_notice');
    expect(notices.map((row) => row.payload)).toEqual([
      { buyerId: late.id, title: null, reason: 'sold_out', route: 'stars' },
    ]);
    expect(await reconciler().reconcileOnce()).toBe(0);
    expect(telegram.acceptedCallsTo('refundStarPayment')).toHaveLength(2);
  });
});
