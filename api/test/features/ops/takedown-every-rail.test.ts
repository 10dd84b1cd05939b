import { Address } from '@ton/core';
import { Api } from 'grammy';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AuditEntry, MarketplaceStats, PackCard } from '@stickerdrop/shared';
import {
  SecretWords,
  payTonRefundByPayoutWallet,
  payoutPass,
  recordStickerSet,
  settleStarsPayment,
} from '@stickerdrop/core';
import { createRefundWorker, executeRefund, settlePayment, tables } from '@stickerdrop/core/testing';
import { outboxWorker } from '../../../../bot/test/support/outbox-worker.js';
import { BOT_USER, startFakeBotApi, type FakeBotApi } from '../../fakes/bot-api.js';
import { FakeStripe, startFakeStripe } from '../../fakes/stripe.js';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser, type TestUser } from '../../users.js';
import { authHeaders, buy, createPack, type PackFixture } from '../orders/fixtures.js';
import {
  railsConfig,
  recordingLog,
  refundJobs,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
} from '../payments/fixtures.js';
import { TON, freshAddress, payoutRows, payoutWorld, type PayoutWorld } from '../payouts/fixtures.js';

const OPERATOR = 4_242_011;
const PRICE = 1_500_000_000n; // 375 Stars, $7.50
const PAYOUTS_ON = { mnemonic: new SecretWords(['unused']), maxNano: 100n * TON, dailyMaxNano: 1000n * TON };

/**
 * One copyright takedown of one pack bought on every rail, carried out to the end by every worker it
 * wakes: the refund queue (run twice, and each job replayed as after a crash before its row was marked
 * done), the payout wallet (the real contract in the TVM emulator), and the bot's outbox, which deletes
 * each owner's Telegram set. A restore afterwards gives the pack back to visitors and refunds nothing again.
 */
describeEachDatabase('a copyright takedown of one pack with Stars, card and TON buyers, to the end', (kind) => {
  let t: TestApp;
  let telegram: FakeBotApi;
  let stripe: FakeStripe;
  let world: PayoutWorld;
  let pack: PackFixture;

  beforeEach(async () => {
    telegram = await startFakeBotApi();
    stripe = await startFakeStripe(STRIPE_SECRET_KEY);
    const indexerUrl = 'http://127.0.0.1:9/';
    const rails = railsConfig({ telegramApiRoot: telegram.apiRoot, stripeApiBase: stripe.apiBase, indexerUrl });
    const payouts = { ...PAYOUTS_ON, minNano: TON / 10n, auto: false };
    t = await buildTestApp({ kind, config: { ...rails, operatorIds: [OPERATOR], payouts } });
    world = await payoutWorld(kind, undefined, { db: t.db, close: () => t.close() });
    pack = await createPack(t, { priceNano: PRICE, title: 'Borrowed Mice' });
  });
  afterEach(async () => {
    await world.close();
    await stripe.close();
    await telegram.close();
  });

  async function order(buyer: TestUser, method: string) {
    const bought = await buy(t, buyer, pack.id, method);
    expect(bought.statusCode, bought.error).toBe(201);
    return bought.order;
  }

  async function payStars(buyer: TestUser) {
    const starsOrder = await order(buyer, 'stars');
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

  async function payCard(buyer: TestUser) {
    const cardOrder = await order(buyer, 'stripe');
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

  /** What the TON watcher settles for the buyer's transfer from `sender` (the creator has no wallet: one leg). */
  async function payTon(buyer: TestUser, sender: string) {
    const tonOrder = await order(buyer, 'ton');
    const paid = await settlePayment(
      t.db,
      {
        method: 'ton',
        ref: `tx-${buyer.id}`,
        orderId: tonOrder.id,
        amount: PRICE,
        currency: 'TON',
        details: { sender },
      },
      { now: t.clock.now, pays: (row, amount) => amount >= row.amountNano },
    );
    expect(paid.outcome).toBe('fulfilled');
  }

  /** The owner made their Telegram set of the pack, as the bot records it. */
  async function madeSet(owner: TestUser): Promise<string> {
    const name = `mice_${pack.id}_${owner.id}_by_${BOT_USER.username}`;
    await recordStickerSet(t.db, { userId: owner.id, packId: pack.id, name });
    telegram.stickerSets.set(name, { name, title: 'Mice', ownerId: owner.id, stickerType: 'regular', stickers: [] });
    return name;
  }

  const operator = { id: OPERATOR } as TestUser;
  const asOperator = async (url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: await authHeaders(t, operator), payload });
  const get = async (url: string) => t.app.inject({ method: 'GET', url });

  const refundDeps = () => ({
    db: t.db,
    stripe: t.app.deps.payments.stripe,
    telegram: new Api(t.config.botToken!, { apiRoot: telegram.apiRoot }),
    now: () => t.clock.now,
    payTonRefund: payTonRefundByPayoutWallet,
  });
  const refundWorker = () => createRefundWorker({ ...refundDeps(), log: recordingLog() });
  /** Every refund worker there is, as often as it takes, then the payout wallet until its messages land. */
  async function runRefunds() {
    t.clock.advance(60 * 60_000); // outbox rows are due from the database's clock, retries after their backoff
    await refundWorker().drainOnce();
    await refundWorker().drainOnce();
    for (let pass = 0; pass < 6; pass++) {
      await payoutPass(world.restart());
      world.advance(60);
    }
  }

  /** Everything a visitor reads where the pack could show: market, search, Home, activity, its pages. */
  async function seenByVisitor(editionId: number) {
    const cards = async (url: string) => ((await get(url)).json() as { items: PackCard[] }).items;
    const trending = (await get('/api/stickers/trending/list')).json() as PackCard[];
    const feed = (await get('/api/activity')).json() as { items: { pack: { id: number } }[] };
    const stats = (await get('/api/marketplace/stats')).json() as MarketplaceStats;
    return {
      inMarket: (await cards('/api/stickers?limit=50')).some((card) => card.id === pack.id),
      inSearch: (await cards('/api/stickers?search=Borrowed')).some((card) => card.id === pack.id),
      inTrending: trending.some((card) => card.id === pack.id),
      homeSales: stats.totalSales,
      inFeed: feed.items.some((item) => item.pack.id === pack.id),
      page: (await get(`/api/stickers/${pack.id}`)).statusCode,
      edition: (await get(`/api/editions/${editionId}`)).statusCode,
    };
  }

  it('refunds Stars, card and TON once each through every worker and a crash, deletes every set, hides it; a restore refunds nothing', async () => {
    await createUser(t, { id: OPERATOR });
    const [starsBuyer, cardBuyer, tonBuyer] = [await createUser(t), await createUser(t), await createUser(t)];
    const tonWallet = freshAddress();
    await payStars(starsBuyer);
    await payCard(cardBuyer);
    await payTon(tonBuyer, tonWallet);
    const sets = [await madeSet(starsBuyer), await madeSet(cardBuyer), await madeSet(tonBuyer)];
    const [edition] = await t.db.select().from(tables.editions).where(eq(tables.editions.ownerId, tonBuyer.id));
    const visible = {
      inMarket: true,
      inSearch: true,
      inTrending: true,
      homeSales: 3,
      inFeed: true,
      page: 200,
      edition: 200,
    };
    expect(await seenByVisitor(edition!.id)).toEqual(visible);

    const takedown = await asOperator(`/api/ops/packs/${pack.id}/takedown`, { reason: 'copyright', note: 'DMCA #9' });
    expect(takedown.statusCode, takedown.body).toBe(200);
    expect(await seenByVisitor(edition!.id)).toEqual({
      inMarket: false,
      inSearch: false,
      inTrending: false,
      homeSales: 0,
      inFeed: false,
      page: 404,
      edition: 404,
    });

    // The bot's outbox deletes each owner's set, once, however often it runs.
    const { worker } = outboxWorker(t, telegram, { now: () => t.clock.now });
    t.clock.advance(60_000);
    await worker.drainOnce();
    await worker.drainOnce();
    expect(
      telegram
        .callsTo('deleteStickerSet')
        .map((call) => String(call.params.name))
        .sort(),
    ).toEqual(sets.sort());
    expect(sets.filter((name) => telegram.stickerSets.has(name))).toEqual([]);

    // Every refund worker runs twice, then each job is replayed as after a crash before its row was marked done.
    await runRefunds();
    for (const job of await refundJobs(t)) await executeRefund(refundDeps(), job.payload as never);
    await runRefunds();
    const refundedOnce = async () => {
      expect(telegram.acceptedCallsTo('refundStarPayment')).toHaveLength(1);
      expect([...telegram.refundedCharges]).toEqual([`charge-${starsBuyer.id}`]);
      expect(new Set(stripe.refunds.map((refund) => refund.idempotencyKey)).size).toBe(1);
      const tonRefunds = (await payoutRows(t.db)).filter((row) => row.kind === 'refund');
      expect(tonRefunds.map((row) => [row.amountNano, row.status])).toEqual([[PRICE, 'confirmed']]);
      expect(Address.parse(tonRefunds[0]!.destination).equals(Address.parse(tonWallet))).toBe(true);
      expect(await world.balance(tonWallet)).toBe(PRICE);
      const payments = await t.db.select().from(tables.payments);
      expect(payments.map((row) => [row.method, row.refundStatus]).sort()).toEqual([
        ['stars', 'refunded'],
        ['stripe', 'refunded'],
        ['ton', 'refunded'],
      ]);
    };
    await refundedOnce();

    const audit = (
      await t.app.inject({ method: 'GET', url: '/api/ops/audit', headers: await authHeaders(t, operator) })
    ).json() as { entries: AuditEntry[] };
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({
      action: 'pack.takedown',
      operatorId: OPERATOR,
      target: { kind: 'pack', id: String(pack.id) },
      reason: 'copyright',
      note: 'DMCA #9',
      before: { status: 'listed' },
      after: { status: 'removed', removedReason: 'copyright' },
    });

    const restore = await asOperator(`/api/ops/packs/${pack.id}/restore`, { note: 'counter-notice' });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(await seenByVisitor(edition!.id)).toEqual(visible);
    await runRefunds();
    await refundedOnce();
    expect(await refundJobs(t)).toHaveLength(3);
  });
});
