import { Api } from 'grammy';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API_ERRORS, ORDER_RESERVATION_MS, type Order } from '@stickerdrop/shared';
import { checkStarsPreCheckout, refundStarsNow, settleStarsPayment } from '@stickerdrop/core';
import { createRefundWorker } from '@stickerdrop/core/testing';
import { startFakeBotApi, type FakeBotApi } from '../../../fakes/bot-api.js';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../../helpers.js';
import { createUser, type TestUser } from '../../../users.js';
import { buy, createPack, editionsOf, orderRow, outboxRows } from '../../orders/fixtures.js';
import { ledger, railsConfig, recordingLog, refundJobs } from '../fixtures.js';

const PRICE = 1_500_000_000n; // 1.5 TON × 250 Stars = 375 Stars
const STARS = 375;

describeEachDatabase('Stars rail: invoice links, pre-checkout answers and settlement by charge id', (kind) => {
  let t: TestApp;
  let telegram: FakeBotApi;

  beforeEach(async () => {
    telegram = await startFakeBotApi();
    t = await buildTestApp({ kind, config: railsConfig({ telegramApiRoot: telegram.apiRoot }) });
  });
  afterEach(async () => {
    await t.close();
    await telegram.close();
  });

  async function starsOrder(buyer: TestUser, packId: number): Promise<Order> {
    const bought = await buy(t, buyer, packId, 'stars');
    expect(bought.statusCode, bought.error).toBe(201);
    return bought.order;
  }

  const preCheckout = (order: Order, payer: TestUser, fields: { currency?: string; totalAmount?: number } = {}) =>
    checkStarsPreCheckout(t.db, {
      payload: order.id,
      payerId: payer.id,
      currency: fields.currency ?? 'XTR',
      totalAmount: fields.totalAmount ?? STARS,
      now: t.clock.now,
    });

  const pay = (order: Order, payer: TestUser, chargeId: string) =>
    settleStarsPayment(t.db, {
      payload: order.id,
      chargeId,
      payerId: payer.id,
      currency: 'XTR',
      totalAmount: STARS,
      now: t.clock.now,
    });

  it('Buy Now asks the bot for an XTR invoice link with no provider token, priced at STARS_PER_TON', async () => {
    const pack = await createPack(t, { priceNano: PRICE, title: 'Space Cats' });
    const order = await starsOrder(await createUser(t), pack.id);
    const [call] = telegram.acceptedCallsTo('createInvoiceLink');
    expect(call?.token).toBe(t.config.botToken);
    expect(call?.params).toMatchObject({
      title: 'Space Cats',
      payload: order.id,
      provider_token: '',
      currency: 'XTR',
      prices: [{ label: 'Space Cats', amount: STARS }],
    });
    expect(order.payment).toEqual({
      kind: 'stars',
      invoiceLink: expect.stringMatching(/^https:\/\/t\.me\/\$/),
      stars: STARS,
    });
  });

  it('pre-checkout: yes for the payer’s live order at its price; a refusal with the reason otherwise', async () => {
    const pack = await createPack(t, { priceNano: PRICE });
    const buyer = await createUser(t);
    const order = await starsOrder(buyer, pack.id);
    expect(await preCheckout(order, buyer)).toEqual({ ok: true });
    expect(await preCheckout(order, await createUser(t))).toEqual({ ok: false, error: API_ERRORS.orderNotFound });
    expect(await preCheckout(order, buyer, { totalAmount: STARS - 1 })).toEqual({
      ok: false,
      error: API_ERRORS.paymentAmountMismatch,
    });
    expect(await preCheckout(order, buyer, { currency: 'USD' })).toEqual({
      ok: false,
      error: API_ERRORS.paymentAmountMismatch,
    });
    expect(await preCheckout({ ...order, id: 'not-an-order' }, buyer)).toEqual({
      ok: false,
      error: API_ERRORS.orderNotFound,
    });
  });

  it('pre-checkout refuses an expired order, and says sold out when its edition went to someone else', async () => {
    const pack = await createPack(t, { priceNano: PRICE, maxSupply: 1 });
    const buyer = await createUser(t);
    const order = await starsOrder(buyer, pack.id);
    t.clock.advance(ORDER_RESERVATION_MS + 1000);
    expect(await preCheckout(order, buyer)).toEqual({ ok: false, error: API_ERRORS.orderExpired });

    const other = await createUser(t);
    const otherOrder = await starsOrder(other, pack.id);
    expect((await pay(otherOrder, other, 'charge-other')).outcome).toBe('fulfilled');
    expect(await preCheckout(order, buyer)).toEqual({ ok: false, error: API_ERRORS.soldOut });
    // The winner cannot pay twice either.
    expect(await preCheckout(otherOrder, other)).toEqual({ ok: false, error: API_ERRORS.alreadyOwned });
  });

  it('successful_payment fulfils once per charge; a duplicate update changes nothing', async () => {
    const pack = await createPack(t, { priceNano: PRICE });
    const buyer = await createUser(t);
    const order = await starsOrder(buyer, pack.id);
    const first = await pay(order, buyer, 'charge-1');
    expect(first).toMatchObject({ outcome: 'fulfilled', firstTime: true, edition: 1 });
    const again = await Promise.all([pay(order, buyer, 'charge-1'), pay(order, buyer, 'charge-1')]);
    expect(again.map((r) => [r.outcome, r.firstTime, r.edition])).toEqual([
      ['fulfilled', false, 1],
      ['fulfilled', false, 1],
    ]);
    expect(await editionsOf(t, pack.id)).toHaveLength(1);
    expect(await ledger(t)).toMatchObject([{ method: 'stars', ref: 'charge-1', amount: 375n, currency: 'XTR' }]);
    expect((await orderRow(t, order.id)).paymentRef).toBe('charge-1');
  });

  it('a second charge for a paid order is refunded with refundStarPayment exactly once', async () => {
    const pack = await createPack(t, { priceNano: PRICE });
    const buyer = await createUser(t);
    const order = await starsOrder(buyer, pack.id);
    await pay(order, buyer, 'charge-1');
    const second = await pay(order, buyer, 'charge-2');
    expect(second.outcome).toBe('refund_required');

    const api = new Api(t.config.botToken!, { apiRoot: telegram.apiRoot });
    const refund = (userId: number, chargeId: string) => api.refundStarPayment(userId, chargeId);
    const input = { orderId: order.id, chargeId: 'charge-2', payerId: buyer.id, now: t.clock.now, refund };
    expect(await refundStarsNow(t.db, input)).toBe(true);
    expect(await refundStarsNow(t.db, input)).toBe(false);
    expect(telegram.acceptedCallsTo('refundStarPayment').map((call) => call.params)).toEqual([
      { user_id: buyer.id, telegram_payment_charge_id: 'charge-2' },
    ]);
    expect((await ledger(t)).map((row) => [row.ref, row.outcome, row.refundStatus])).toEqual([
      ['charge-1', 'fulfilled', 'none'],
      ['charge-2', 'refund_required', 'refunded'],
    ]);
    expect((await refundJobs(t, order.id)).map((job) => job.status)).toEqual(['sent']);
    expect((await orderRow(t, order.id)).status).toBe('paid');
  });

  it('the refund worker refunds Stars left to it, tells the buyer, and treats an already refunded charge as done', async () => {
    const pack = await createPack(t, { priceNano: PRICE, maxSupply: 1 });
    const late = await createUser(t);
    const lateOrder = await starsOrder(late, pack.id);
    t.clock.advance(ORDER_RESERVATION_MS + 1000);
    const other = await createUser(t);
    await pay(await starsOrder(other, pack.id), other, 'charge-winner');
    expect((await pay(lateOrder, late, 'charge-late')).outcome).toBe('refund_required');

    telegram.refundedCharges.add('charge-late'); // refunded before, e.g. by the bot just before a crash
    const worker = createRefundWorker({
      db: t.db,
      stripe: undefined,
      telegram: new Api(t.config.botToken!, { apiRoot: telegram.apiRoot }),
      now: () => t.clock.now,
      log: recordingLog(),
    });
    expect(await worker.drainOnce()).toBe(1);
    // The buyer is told by the bot (bot/test/outbox/refund-notice.test.ts), not from this process.
    expect(telegram.acceptedCallsTo('sendMessage')).toEqual([]);
    const notices = (await outboxRows(t)).filter((row) => row.kind === 'refund_notice');
    expect(notices.map((row) => row.payload)).toEqual([
      { buyerId: late.id, title: 'Space Cats', reason: 'sold_out', route: 'stars' }, // createPack's title
    ]);
    expect((await ledger(t)).find((row) => row.ref === 'charge-late')?.refundStatus).toBe('refunded');
    expect(await worker.drainOnce()).toBe(0);
  });

  it('a refund that Telegram refuses now is retried later, not lost', async () => {
    const pack = await createPack(t, { priceNano: PRICE });
    const buyer = await createUser(t);
    const order = await starsOrder(buyer, pack.id);
    await pay(order, buyer, 'charge-1');
    await pay(order, buyer, 'charge-2');
    telegram.fail('refundStarPayment', { error_code: 500, description: 'Internal Server Error' });
    const log = recordingLog();
    const worker = createRefundWorker({
      db: t.db,
      stripe: undefined,
      telegram: new Api(t.config.botToken!, { apiRoot: telegram.apiRoot }),
      now: () => t.clock.now,
      log,
    });
    t.clock.advance(60_000); // outbox rows are due from the database's clock
    expect(await worker.drainOnce()).toBe(1);
    expect(log.lines.map((line) => line.message)).toEqual(['refund failed; will retry']);
    expect((await refundJobs(t, order.id))[0]!.status).toBe('pending');
    expect((await ledger(t))[1]!.refundStatus).toBe('pending');
    t.clock.advance(60_000);
    expect(await worker.drainOnce()).toBe(1);
    expect(telegram.refundedCharges.has('charge-2')).toBe(true);
    expect((await refundJobs(t, order.id))[0]!.status).toBe('sent');
  });
});
