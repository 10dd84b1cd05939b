import { Address } from '@ton/core';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ORDER_RESERVATION_MS, tonCommentPayload } from '@stickerdrop/shared';
import {
  createTonIndexer,
  createTonWatcher,
  executeRefund,
  readCursor,
  tables,
  type TonWatcher,
} from '@stickerdrop/core/testing';
import { SENDER, startFakeToncenter, type FakeToncenter } from '../../../fakes/toncenter.js';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../../helpers.js';
import { createUser, type TestUser } from '../../../users.js';
import { authHeaders, buy, createPack, editionsOf, orderRow, packRow } from '../../orders/fixtures.js';
import { getOrder, ledger, RECEIVER, railsConfig, recordingLog, refundJobs } from '../fixtures.js';
import { letPassesGoBy } from '../../../jobs/control-job.js';

const PRICE = 1_500_000_000n;

describeEachDatabase('TON rail: paying by transfer, confirmed by the watcher', (kind) => {
  let t: TestApp;
  let chain: FakeToncenter;
  let watcher: TonWatcher;
  let log: ReturnType<typeof recordingLog>;

  beforeEach(async () => {
    chain = await startFakeToncenter(RECEIVER);
    t = await buildTestApp({ kind, config: railsConfig({ indexerUrl: chain.baseUrl }) });
    log = recordingLog();
    watcher = newWatcher();
  });
  afterEach(async () => {
    await watcher.stop();
    await t.close();
    await chain.close();
  });

  function newWatcher(pageSize = 5, settleConcurrency?: number): TonWatcher {
    return createTonWatcher({
      db: t.db,
      indexer: createTonIndexer(chain.baseUrl),
      receiver: RECEIVER,
      now: () => t.clock.now,
      log,
      pageSize,
      settleConcurrency,
    });
  }

  async function tonOrder(buyer: TestUser, packId: number) {
    const bought = await buy(t, buyer, packId, 'ton');
    expect(bought.statusCode).toBe(201);
    return bought.order;
  }

  const auth = async (user: TestUser) => (await authHeaders(t, user)).authorization;

  /** Waits until the order is paid, or `ms` of real time went by (a running watcher settles it meanwhile). */
  async function paidWithin(orderId: string, ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while ((await orderRow(t, orderId)).status !== 'paid' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('Buy Now gives the receiver, the exact amount and a unique comment; the matching transfer buys edition #1', async () => {
    const pack = await createPack(t, { priceNano: PRICE });
    const buyer = await createUser(t);
    const order = await tonOrder(buyer, pack.id);
    const receiver = Address.parse(RECEIVER).toString({ bounceable: true });
    // validUntil is the reservation's end: the wallet refuses to send a payment that would arrive late. The
    // creator has no wallet: one leg, the whole price, named as the fee leg with no creator leg beside it.
    const feeLeg = { address: receiver, amount: '1500000000', payload: tonCommentPayload(order.id) };
    expect(order.payment).toEqual({
      kind: 'ton',
      receiver,
      amountNano: '1500000000',
      comment: order.id,
      validUntil: Math.floor(Date.parse(order.expiresAt) / 1000),
      messages: [feeLeg],
      legs: { creator: null, fee: feeLeg },
    });

    const comment = order.payment.kind === 'ton' ? order.payment.comment : '';
    const hash = chain.transfer({ amountNano: PRICE, comment });
    expect(await watcher.pollOnce()).toBe(1);

    const paid = await getOrder(t, order.id, await auth(buyer));
    expect([paid.status, paid.edition]).toEqual(['paid', 1]);
    expect((await orderRow(t, order.id)).paymentRef).toBe(hash);
    expect(await ledger(t)).toMatchObject([
      { method: 'ton', ref: hash, orderId: order.id, amount: PRICE, outcome: 'fulfilled', refundStatus: 'none' },
    ]);
    // The buyer's wallet is kept with the payment, in raw form, for a refund to go back to.
    expect((await ledger(t))[0]!.senderAddress).toBe(Address.parse(SENDER).toRawString());
    expect(await readCursor(t.db, Address.parse(RECEIVER).toRawString())).toBe(BigInt(chain.transactions[0]!.lt));
    // The watcher asked the indexer the toncenter way: this account, oldest first.
    expect(chain.queries[0]!.params).toMatchObject({ account: Address.parse(RECEIVER).toRawString(), sort: 'asc' });
  });

  it('credits the creator their share at the fee the process was given, available at once', async () => {
    watcher = createTonWatcher({
      db: t.db,
      indexer: createTonIndexer(chain.baseUrl),
      receiver: RECEIVER,
      now: () => t.clock.now,
      log,
      balance: { primaryFeeBps: 1_000, cardHoldDays: 7 },
    });
    const pack = await createPack(t, { priceNano: PRICE });
    const order = await tonOrder(await createUser(t), pack.id);
    chain.transfer({ amountNano: PRICE, comment: order.id });
    expect(await watcher.pollOnce()).toBe(1);
    const entries = await t.db.select().from(tables.balanceEntries);
    // A 10 % fee leaves the creator 1.35 of the 1.50 TON, to the nanoton.
    expect(entries).toMatchObject([
      { kind: 'primary_sale', orderId: order.id, amountNano: (PRICE * 9n) / 10n, rail: 'ton' },
    ]);
    expect(entries[0]!.availableAt).toEqual(t.clock.now);
  });

  it('a transfer below the amount is recorded for the operator and fulfils nothing; a full one then does', async () => {
    const pack = await createPack(t, { priceNano: PRICE });
    const buyer = await createUser(t);
    const order = await tonOrder(buyer, pack.id);

    const short = chain.transfer({ amountNano: PRICE - 1n, comment: order.id });
    await watcher.pollOnce();
    expect((await getOrder(t, order.id, await auth(buyer))).status).toBe('reserved');
    expect(await editionsOf(t, pack.id)).toHaveLength(0);
    expect(await ledger(t)).toMatchObject([
      { ref: short, orderId: order.id, outcome: 'underpaid', reason: 'below_price', refundStatus: 'manual' },
    ]);
    expect(log.lines.some((line) => line.level === 'warn' && line.message.includes('operator'))).toBe(true);

    // More than the price is fine: the order is paid, the surplus shows in the ledger's amount.
    const full = chain.transfer({ amountNano: PRICE + 5n, comment: order.id });
    await watcher.pollOnce();
    expect((await getOrder(t, order.id, await auth(buyer))).status).toBe('paid');
    expect((await ledger(t)).map((row) => [row.ref, row.outcome])).toEqual([
      [short, 'underpaid'],
      [full, 'fulfilled'],
    ]);
  });

  it('an unknown comment, no comment, or a comment naming no order fulfils nothing and is recorded', async () => {
    const pack = await createPack(t, { priceNano: PRICE });
    const order = await tonOrder(await createUser(t), pack.id);
    chain.transfer({ amountNano: PRICE, comment: 'thanks for the stickers' });
    chain.transfer({ amountNano: PRICE });
    chain.transfer({ amountNano: PRICE, comment: '00000000-0000-4000-8000-000000000000' });
    expect(await watcher.pollOnce()).toBe(3);
    expect((await ledger(t)).map((row) => [row.outcome, row.orderId, row.refundStatus])).toEqual([
      ['unmatched', null, 'manual'],
      ['unmatched', null, 'manual'],
      ['unmatched', null, 'manual'],
    ]);
    expect((await orderRow(t, order.id)).status).toBe('reserved');
    expect(await editionsOf(t, pack.id)).toHaveLength(0);
  });

  it('a reused comment (a second transfer for a paid order) changes nothing but is queued for refund', async () => {
    const pack = await createPack(t, { priceNano: PRICE });
    const buyer = await createUser(t);
    const order = await tonOrder(buyer, pack.id);
    const first = chain.transfer({ amountNano: PRICE, comment: order.id });
    const second = chain.transfer({ amountNano: PRICE, comment: order.id });
    await watcher.pollOnce();

    const row = await orderRow(t, order.id);
    expect([row.status, row.paymentRef]).toEqual(['paid', first]);
    expect(await editionsOf(t, pack.id)).toHaveLength(1);
    expect((await ledger(t)).map((p) => [p.ref, p.outcome, p.reason, p.refundStatus])).toEqual([
      [first, 'fulfilled', null, 'none'],
      [second, 'refund_required', 'duplicate_payment', 'pending'],
    ]);
    const jobs = await refundJobs(t, order.id);
    expect(jobs.map((job) => job.payload)).toMatchObject([
      { paymentMethod: 'ton', paymentRef: second, reason: 'duplicate_payment', buyerId: buyer.id },
    ]);
    // The refund queue decides how it goes back: with no payout wallet here, to an operator.
    const refundDeps = { db: t.db, telegram: undefined, stripe: undefined, now: () => t.clock.now };
    await executeRefund(refundDeps, jobs[0]!.payload as never);
    expect((await ledger(t)).find((p) => p.ref === second)).toMatchObject({
      refundStatus: 'manual',
      details: expect.objectContaining({ manualRefund: 'no payout wallet configured' }),
    });
  });

  it('a transfer after expiry still buys an edition when one is left', async () => {
    const pack = await createPack(t, { priceNano: PRICE, maxSupply: 1 });
    const buyer = await createUser(t);
    const order = await tonOrder(buyer, pack.id);
    t.clock.advance(ORDER_RESERVATION_MS + 60_000);
    expect((await getOrder(t, order.id, await auth(buyer))).status).toBe('expired');

    chain.transfer({ amountNano: PRICE, comment: order.id });
    await watcher.pollOnce();
    const paid = await getOrder(t, order.id, await auth(buyer));
    expect([paid.status, paid.edition]).toEqual(['paid', 1]);
    expect((await packRow(t, pack.id)).soldCount).toBe(1);
  });

  it('a transfer after expiry with no supply left makes the order refund_required and tells the buyer', async () => {
    const pack = await createPack(t, { priceNano: PRICE, maxSupply: 1 });
    const late = await createUser(t);
    const lateOrder = await tonOrder(late, pack.id);
    t.clock.advance(ORDER_RESERVATION_MS + 60_000);
    // Meanwhile someone else buys the only edition.
    const other = await createUser(t);
    const otherOrder = await tonOrder(other, pack.id);
    chain.transfer({ amountNano: PRICE, comment: otherOrder.id });
    const lateHash = chain.transfer({ amountNano: PRICE, comment: lateOrder.id });
    await watcher.pollOnce();

    expect((await getOrder(t, otherOrder.id, await auth(other))).status).toBe('paid');
    expect((await getOrder(t, lateOrder.id, await auth(late))).status).toBe('refund_required');
    expect(await editionsOf(t, pack.id)).toHaveLength(1);
    expect((await ledger(t)).find((row) => row.ref === lateHash)).toMatchObject({
      outcome: 'refund_required',
      reason: 'sold_out',
      refundStatus: 'pending',
    });
    expect((await refundJobs(t, lateOrder.id)).map((job) => job.payload)).toMatchObject([
      { buyerId: late.id, reason: 'sold_out', paymentMethod: 'ton', paymentRef: lateHash },
    ]);
  });

  it('bounced, failed and outgoing transactions pay nothing, and the read position passes them', async () => {
    const pack = await createPack(t, { priceNano: PRICE });
    const order = await tonOrder(await createUser(t), pack.id);
    chain.transfer({ amountNano: PRICE, comment: order.id, bounced: true });
    chain.transfer({ amountNano: PRICE, comment: order.id, failed: true });
    chain.outgoing(PRICE);
    expect(await watcher.pollOnce()).toBe(3);
    expect(await ledger(t)).toEqual([]);
    expect((await orderRow(t, order.id)).status).toBe('reserved');
    expect(await readCursor(t.db, Address.parse(RECEIVER).toRawString())).toBe(BigInt(chain.transactions[2]!.lt));
  });

  it('reads in pages, settles each transaction once, and a restarted watcher goes on from the saved position', async () => {
    const pack = await createPack(t, { priceNano: PRICE, maxSupply: 20 });
    const orders = [];
    for (let i = 0; i < 12; i++) orders.push(await tonOrder(await createUser(t), pack.id));
    for (const order of orders) chain.transfer({ amountNano: PRICE, comment: order.id });

    expect(await watcher.pollOnce()).toBe(12);
    expect(chain.queries.length).toBeGreaterThanOrEqual(3);
    expect(await watcher.pollOnce()).toBe(0);

    const restarted = newWatcher();
    const before = chain.queries.length;
    expect(await restarted.pollOnce()).toBe(0);
    expect(chain.queries[before]!.params.start_lt).toBe(String(BigInt(chain.transactions[11]!.lt) + 1n));
    expect((await editionsOf(t, pack.id)).map((e) => e.serial)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(await ledger(t)).toHaveLength(12);
  });

  it('settles the transfers of a page side by side, each once, and an order paid twice by its older transfer', async () => {
    const pack = await createPack(t, { priceNano: PRICE, maxSupply: 20 });
    const orders = [];
    for (let i = 0; i < 6; i++) orders.push(await tonOrder(await createUser(t), pack.id));
    const firsts = orders.map((order) => chain.transfer({ amountNano: PRICE, comment: order.id }));
    const again = chain.transfer({ amountNano: PRICE, comment: orders[0]!.id });

    expect(await newWatcher(50, 4).pollOnce()).toBe(7);
    for (const [i, order] of orders.entries()) {
      const row = await orderRow(t, order.id);
      expect([row.status, row.paymentRef]).toEqual(['paid', firsts[i]]);
    }
    const serials = (await editionsOf(t, pack.id)).map((e) => e.serial).sort((a, b) => a - b);
    expect(serials).toEqual([1, 2, 3, 4, 5, 6]);
    const outcomes = (await ledger(t)).map((p) => [p.ref, p.outcome]);
    expect(outcomes).toHaveLength(7);
    expect(outcomes).toEqual(
      expect.arrayContaining([[again, 'refund_required'], ...firsts.map((ref) => [ref, 'fulfilled'])]),
    );
    expect(await readCursor(t.db, Address.parse(RECEIVER).toRawString())).toBe(BigInt(chain.transactions[6]!.lt));
  });

  it('an indexer that fails changes nothing; the next poll settles what it missed', async () => {
    const pack = await createPack(t, { priceNano: PRICE });
    const buyer = await createUser(t);
    const order = await tonOrder(buyer, pack.id);
    chain.transfer({ amountNano: PRICE, comment: order.id });
    chain.fail(429);
    await expect(watcher.pollOnce()).rejects.toThrow('429');
    expect(await ledger(t)).toEqual([]);
    await watcher.pollOnce();
    expect((await getOrder(t, order.id, await auth(buyer))).status).toBe('paid');
  });

  it('runs on its own once started, and stops cleanly', async () => {
    const pack = await createPack(t, { priceNano: PRICE });
    const buyer = await createUser(t);
    const order = await tonOrder(buyer, pack.id);
    // Reads counted as the watcher asks, not as the fake chain receives them: one asked just before stop
    // can reach the chain after stop has returned.
    const indexer = createTonIndexer(chain.baseUrl);
    let reads = 0;
    const running = createTonWatcher({
      db: t.db,
      indexer: {
        ...indexer,
        transactions: (...args) => {
          reads++;
          return indexer.transactions(...args);
        },
      },
      receiver: RECEIVER,
      now: () => t.clock.now,
      log,
      intervalMs: 20,
    });
    running.start();
    chain.transfer({ amountNano: PRICE, comment: order.id });
    await paidWithin(order.id, 10_000);
    await running.stop();
    expect((await orderRow(t, order.id)).status).toBe('paid');
    const readsAtStop = reads;
    await letPassesGoBy(20);
    expect(reads).toBe(readsAtStop);
  });

  /**
   * A running watcher that polls every ten minutes, and two TON orders: the first's transfer on chain, the
   * second's landing while the watcher's first read runs (when `duringFirstRead` runs too), so only a later
   * read can find it. Resolves with both orders' statuses once the second is paid (or 20 s passed).
   */
  async function secondLandingDuringFirstRead(followUpMs: number, duringFirstRead = () => {}) {
    const pack = await createPack(t, { priceNano: PRICE });
    const [first, second] = [
      await tonOrder(await createUser(t), pack.id),
      await tonOrder(await createUser(t), pack.id),
    ];
    chain.transfer({ amountNano: PRICE, comment: first.id });
    const indexer = createTonIndexer(chain.baseUrl);
    let pages = 0;
    const transactions: typeof indexer.transactions = async (...args) => {
      const page = await indexer.transactions(...args);
      if (pages++ === 0) {
        chain.transfer({ amountNano: PRICE, comment: second.id });
        duringFirstRead();
      }
      return page;
    };
    const running = createTonWatcher({
      ...{ db: t.db, indexer: { ...indexer, transactions }, receiver: RECEIVER, now: () => t.clock.now, log },
      ...{ intervalMs: 10 * 60_000, followUpMs },
    });
    running.start();
    await paidWithin(second.id, 20_000);
    await running.stop();
    return [(await orderRow(t, first.id)).status, (await orderRow(t, second.id)).status];
  }

  it('idle for ten minutes, polls soon after this process hands out a TON payment, and soon again while it is awaited', async () => {
    const pack = await createPack(t, { priceNano: PRICE });
    const indexer = createTonIndexer(chain.baseUrl);
    let [reads, answered] = [0, 0];
    const transactions: typeof indexer.transactions = async (...args) => {
      reads++;
      try {
        return await indexer.transactions(...args);
      } finally {
        answered++;
      }
    };
    const running = createTonWatcher({
      ...{ db: t.db, indexer: { ...indexer, transactions }, receiver: RECEIVER, now: () => t.clock.now, log },
      ...{ intervalMs: 10 * 60_000, awaited: t.app.deps.payments.tonAwaited, awaitedPollMs: 20 },
    });
    running.start();
    // The first poll, at start; the next would be ten minutes later. Waited for however busy the machine is.
    await vi.waitFor(() => expect(answered).toBe(1), { timeout: 10_000 });
    expect(reads).toBe(1);

    const order = await tonOrder(await createUser(t), pack.id);
    // The buyer's wallet sends after a moment: a poll comes soon, and those that find nothing go on at the
    // awaited pace.
    await vi.waitFor(() => expect(reads).toBeGreaterThan(2), { timeout: 10_000 });
    chain.transfer({ amountNano: PRICE, comment: order.id });
    await paidWithin(order.id, 10_000);
    await running.stop();
    expect((await orderRow(t, order.id)).status).toBe('paid');
  });

  it('after a poll that settled a payment, reads again at the follow-up pace rather than the interval', async () => {
    expect(await secondLandingDuringFirstRead(20)).toEqual(['paid', 'paid']);
  });

  it('counts the follow-up pause from the read’s start: a read that took longer is followed by the next at once', async () => {
    // The first read takes a minute and a second by the watcher's clock, longer than the follow-up pause.
    expect(await secondLandingDuringFirstRead(60_000, () => t.clock.advance(61_000))).toEqual(['paid', 'paid']);
  });
});
