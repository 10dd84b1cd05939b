import { Api } from 'grammy';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AuditEntry, CollectionItem, Order, PackCard } from '@stickerdrop/shared';
import { creatorBalance, settleStarsPayment } from '@stickerdrop/core';
import { createRefundWorker, executeRefund, settlePayment, tables } from '@stickerdrop/core/testing';
import { startFakeBotApi, type FakeBotApi } from '../../fakes/bot-api.js';
import { FakeStripe, startFakeStripe } from '../../fakes/stripe.js';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser, type TestUser } from '../../users.js';
import { authHeaders, buy, createPack, outboxRows } from '../orders/fixtures.js';
import {
  railsConfig,
  recordingLog,
  refundJobs,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
} from '../payments/fixtures.js';

const PRICE = 1_500_000_000n; // 375 Stars, $7.50
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a refund job says of the payment it gives back. */
type RefundJob = { paymentMethod: string; buyerId: number; reason: string };
const OPERATOR = 4_242_001;

describeEachDatabase('a copyright takedown of a pack bought in Stars, by card and in TON', (kind) => {
  let t: TestApp;
  let telegram: FakeBotApi;
  let stripe: FakeStripe;

  beforeEach(async () => {
    telegram = await startFakeBotApi();
    stripe = await startFakeStripe(STRIPE_SECRET_KEY);
    // No watcher runs here: TON payments are settled below as the watcher settles them.
    const indexerUrl = 'http://127.0.0.1:9/';
    const rails = railsConfig({ telegramApiRoot: telegram.apiRoot, stripeApiBase: stripe.apiBase, indexerUrl });
    t = await buildTestApp({ kind, config: { ...rails, operatorIds: [OPERATOR] } });
  });
  afterEach(async () => {
    await t.close();
    await stripe.close();
    await telegram.close();
  });

  async function order(buyer: TestUser, packId: number, method: string): Promise<Order> {
    const bought = await buy(t, buyer, packId, method);
    expect(bought.statusCode, bought.error).toBe(201);
    return bought.order;
  }

  async function payStars(buyer: TestUser, packId: number) {
    const starsOrder = await order(buyer, packId, 'stars');
    const paid = await settleStarsPayment(t.db, {
      payload: starsOrder.id,
      chargeId: `charge-${buyer.id}`,
      payerId: buyer.id,
      currency: 'XTR',
      totalAmount: 375,
      now: t.clock.now,
    });
    expect(paid.outcome).toBe('fulfilled');
  }

  async function payCard(buyer: TestUser, packId: number) {
    const cardOrder = await order(buyer, packId, 'stripe');
    if (cardOrder.payment.kind !== 'stripe') throw new Error('not a card order');
    const session = stripe.pay(cardOrder.payment.checkoutUrl.split('/').pop()!);
    const payload = stripe.event('checkout.session.completed', session);
    const signature = FakeStripe.sign(payload, STRIPE_WEBHOOK_SECRET, Math.floor(t.clock.now.getTime() / 1000));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(res.statusCode).toBe(200);
  }

  /** What the TON watcher settles for a transfer to the receiver with the order's comment. */
  async function payTon(buyer: TestUser, packId: number) {
    const tonOrder = await order(buyer, packId, 'ton');
    const paid = await settlePayment(
      t.db,
      { method: 'ton', ref: `tx-${buyer.id}`, orderId: tonOrder.id, amount: PRICE, currency: 'TON' },
      { now: t.clock.now, pays: (row, amount) => amount >= row.amountNano },
    );
    expect(paid.outcome).toBe('fulfilled');
  }

  const operator = { id: OPERATOR } as TestUser;
  const asOperator = async (url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: await authHeaders(t, operator), payload });
  const get = async (url: string, user?: TestUser) =>
    t.app.inject({ method: 'GET', url, ...(user && { headers: await authHeaders(t, user) }) });

  const refundDeps = () => ({
    db: t.db,
    stripe: t.app.deps.payments.stripe,
    telegram: new Api(t.config.botToken!, { apiRoot: telegram.apiRoot }),
    now: () => t.clock.now,
  });
  const refundWorker = () => createRefundWorker({ ...refundDeps(), log: recordingLog() });

  async function visibleToVisitors(packId: number, editionId: number) {
    const list = (await get('/api/stickers?limit=50')).json() as { items: PackCard[] };
    const trending = (await get('/api/stickers/trending/list')).json() as PackCard[];
    const feed = (await get('/api/activity')).json() as { items: { pack: { id: number } }[] };
    return {
      detail: (await get(`/api/stickers/${packId}`)).statusCode,
      edition: (await get(`/api/editions/${editionId}`)).statusCode,
      listings: (await get(`/api/stickers/${packId}/listings`)).statusCode,
      activity: (await get(`/api/stickers/${packId}/activity`)).statusCode,
      inList: list.items.some((card) => card.id === packId),
      inTrending: trending.some((card) => card.id === packId),
      inFeed: feed.items.some((item) => item.pack.id === packId),
    };
  }

  it('takes back the creator’s Stars and card shares already past their hold, as a debt, once their refunds are made', async () => {
    await createUser(t, { id: OPERATOR });
    const pack = await createPack(t, { priceNano: PRICE, title: 'Borrowed Owls' });
    await payStars(await createUser(t), pack.id);
    await payCard(await createUser(t), pack.id);
    t.clock.advance(30 * DAY_MS); // past the Stars hold (21 days) and the card's (7)
    const creator = pack.creator.id;
    const credited = await creatorBalance(t.db, creator, t.clock.now);
    expect(credited.pendingNano).toBe(0n);
    expect(credited.availableNano).toBeGreaterThan(0n);

    const takedown = await asOperator(`/api/ops/packs/${pack.id}/takedown`, { reason: 'copyright' });
    expect(takedown.statusCode, takedown.body).toBe(200);
    // Nothing was pending for the takedown to reverse: the shares stand until the money goes back.
    expect((await creatorBalance(t.db, creator, t.clock.now)).availableNano).toBe(credited.availableNano);

    t.clock.advance(60_000); // outbox rows are due from the database's clock
    expect(await refundWorker().drainOnce()).toBe(2);
    // Each job again, as after a crash before its row was marked done: nothing is taken back twice.
    for (const job of await refundJobs(t)) await executeRefund(refundDeps(), job.payload as never);

    const entries = await t.db.select().from(tables.balanceEntries).where(eq(tables.balanceEntries.creatorId, creator));
    const byKind = (kind: string) => entries.filter((entry) => entry.kind === kind);
    expect(
      byKind('reversal')
        .map((entry) => entry.rail)
        .sort(),
    ).toEqual(['stars', 'stripe']);
    for (const credit of byKind('primary_sale')) {
      const reversal = byKind('reversal').find((entry) => entry.orderId === credit.orderId);
      expect(reversal?.amountNano).toBe(-credit.amountNano);
    }
    expect((await creatorBalance(t.db, creator, t.clock.now)).availableNano).toBe(0n);
    expect([...telegram.refundedCharges]).toHaveLength(1);
    expect(stripe.refunds).toHaveLength(1);
  });

  it('refunds every purchase once on its rail, deletes the owners’ sets, hides the pack, logs it; a restore refunds nothing again', async () => {
    await createUser(t, { id: OPERATOR });
    const pack = await createPack(t, { priceNano: PRICE, title: 'Borrowed Mice' });
    const [starsBuyer, cardBuyer, tonBuyer, late] = [
      await createUser(t),
      await createUser(t),
      await createUser(t),
      await createUser(t),
    ];
    await payStars(starsBuyer, pack.id);
    await payCard(cardBuyer, pack.id);
    await payTon(tonBuyer, pack.id);
    await order(late, pack.id, 'ton'); // an unpaid reservation, released by the takedown
    const [edition] = await t.db.select().from(tables.editions).where(eq(tables.editions.ownerId, tonBuyer.id));
    const seen = await visibleToVisitors(pack.id, edition!.id);
    expect(seen).toEqual({
      detail: 200,
      edition: 200,
      listings: 200,
      activity: 200,
      inList: true,
      inTrending: true,
      inFeed: true,
    });

    const takedown = await asOperator(`/api/ops/packs/${pack.id}/takedown`, { reason: 'copyright', note: 'DMCA #7' });
    expect(takedown.statusCode, takedown.body).toBe(200);
    expect(takedown.json()).toMatchObject({ takedown: { owners: 3, refundsQueued: 3, setsDeleted: 3 } });
    // A second takedown is refused and changes nothing.
    expect((await asOperator(`/api/ops/packs/${pack.id}/takedown`, { reason: 'copyright' })).statusCode).toBe(409);

    // Nothing of it for a visitor.
    expect(await visibleToVisitors(pack.id, edition!.id)).toEqual({
      detail: 404,
      edition: 404,
      listings: 404,
      activity: 404,
      inList: false,
      inTrending: false,
      inFeed: false,
    });
    // The owner still sees their edition, marked removed, and cannot trade it.
    expect((await get(`/api/editions/${edition!.id}`, tonBuyer)).json()).toMatchObject({
      removed: { reason: 'copyright' },
    });
    const collection = (await get('/api/collection', tonBuyer)).json() as CollectionItem[];
    expect(collection.map((item) => item.removed)).toEqual([{ reason: 'copyright' }]);
    expect((await buy(t, await createUser(t), pack.id, 'ton')).statusCode).toBe(409);
    // No archive or set is made of it again.
    expect((await get(`/api/stickers/${pack.id}/download`, tonBuyer)).statusCode).toBe(409);
    const [released] = await t.db.select().from(tables.orders).where(eq(tables.orders.userId, late.id));
    expect(released!.status).toBe('expired');

    // Each purchase has one refund job on its rail; each owner's set goes; creator and owners are told.
    const jobs = (await refundJobs(t)).map((job) => job.payload as RefundJob);
    expect(jobs.sort((a, b) => a.paymentMethod.localeCompare(b.paymentMethod))).toEqual([
      expect.objectContaining({ paymentMethod: 'stars', buyerId: starsBuyer.id, reason: 'taken_down' }),
      expect.objectContaining({ paymentMethod: 'stripe', buyerId: cardBuyer.id, reason: 'taken_down' }),
      expect.objectContaining({ paymentMethod: 'ton', buyerId: tonBuyer.id, reason: 'taken_down' }),
    ]);
    const rows = await outboxRows(t);
    const revokes = rows.filter((row) => row.kind === 'sticker_set_revoke').map((row) => row.payload);
    expect(revokes).toEqual(
      expect.arrayContaining([starsBuyer, cardBuyer, tonBuyer].map((buyer) => ({ userId: buyer.id, packId: pack.id }))),
    );
    expect(revokes).toHaveLength(3);
    const told = rows.filter((row) => row.kind === 'pack_removed').map((row) => row.payload as { userId: number });
    expect(told.map((notice) => notice.userId).sort()).toEqual(
      [pack.creator.id, starsBuyer.id, cardBuyer.id, tonBuyer.id].sort(),
    );

    // The refund queue gives the Stars and the card payment back; the TON one is queued for its rail.
    t.clock.advance(60_000); // outbox rows are due from the database's clock
    expect(await refundWorker().drainOnce()).toBe(3);
    expect([...telegram.refundedCharges]).toEqual([`charge-${starsBuyer.id}`]);
    expect(stripe.refunds).toHaveLength(1);
    const ledger = await t.db.select().from(tables.payments);
    const status = Object.fromEntries(ledger.map((row) => [row.method, row.refundStatus]));
    expect(status.stars).toBe('refunded');
    expect(status.stripe).toBe('refunded');
    expect(['pending', 'manual', 'refunded']).toContain(status.ton);

    // The creator's pending credits for the pack are reversed (Stars and card; TON was available at once).
    const entries = await t.db.select().from(tables.balanceEntries);
    expect(
      entries
        .filter((entry) => entry.kind === 'reversal')
        .map((entry) => entry.rail)
        .sort(),
    ).toEqual(['stars', 'stripe']);

    const restore = await asOperator(`/api/ops/packs/${pack.id}/restore`, { note: 'counter-notice' });
    expect(restore.statusCode, restore.body).toBe(200);
    expect((await visibleToVisitors(pack.id, edition!.id)).detail).toBe(200);
    expect(await refundJobs(t)).toHaveLength(3);
    await refundWorker().drainOnce();
    expect(telegram.acceptedCallsTo('refundStarPayment')).toHaveLength(1);
    expect(stripe.refunds).toHaveLength(1);

    const audit = (await get('/api/ops/audit', operator)).json() as { entries: AuditEntry[] };
    expect(audit.entries.map((entry) => [entry.action, entry.operatorId, entry.target, entry.reason])).toEqual([
      ['pack.restore', OPERATOR, { kind: 'pack', id: String(pack.id) }, 'copyright'],
      ['pack.takedown', OPERATOR, { kind: 'pack', id: String(pack.id) }, 'copyright'],
    ]);
    expect(audit.entries[1]).toMatchObject({ note: 'DMCA #7', before: { status: 'listed' } });
  });
});
