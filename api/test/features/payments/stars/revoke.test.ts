import { and, eq, sql } from 'drizzle-orm';
import { Api } from 'grammy';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { delistEdition, listEdition, makeOffer, settleStarsPayment } from '@stickerdrop/core';
import { activity, createStarsReconciler, queryRows, tables } from '@stickerdrop/core/testing';
import { startFakeBotApi, type FakeBotApi } from '../../../fakes/bot-api.js';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../../helpers.js';
import { createUser, type TestUser } from '../../../users.js';
import { buy, createPack, editionsOf, orderRow, packRow, type PackFixture } from '../../orders/fixtures.js';
import { ledger, railsConfig, recordingLog } from '../fixtures.js';

const PRICE = 1_500_000_000n;
const STARS = 375;

describeEachDatabase('Stars refunded outside the marketplace: the edition is revoked', (kind) => {
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

  const botApi = () => new Api(t.config.botToken!, { apiRoot: telegram.apiRoot });
  const reconciler = () => createStarsReconciler({ db: t.db, telegram: botApi(), now: () => t.clock.now, log });

  /** A Stars purchase the bot settled, as Telegram lists it too. */
  async function buyInStars(buyer: TestUser, pack: PackFixture, chargeId: string) {
    const bought = await buy(t, buyer, pack.id, 'stars');
    expect(bought.statusCode, bought.error).toBe(201);
    telegram.addStarPayment({ chargeId, userId: buyer.id, payload: bought.order.id, amount: STARS });
    const settled = await settleStarsPayment(t.db, {
      payload: bought.order.id,
      chargeId,
      payerId: buyer.id,
      currency: 'XTR',
      totalAmount: STARS,
      now: t.clock.now,
    });
    expect(settled.outcome).toBe('fulfilled');
    return bought.order.id;
  }

  /** The figures migration 0002's triggers keep, beside what they should be. */
  async function counters() {
    const [kept] = await queryRows<{ sales: string; volume: string; listings: string }>(
      t.db,
      sql`select sum(sales)::text as sales, sum(volume)::text as volume, sum(listings)::text as listings
        from marketplace_counters`,
    );
    const [actual] = await queryRows<{ sales: string; volume: string; listings: string }>(
      t.db,
      sql`select (select count(*) from editions)::text as sales,
        (select coalesce(sum(purchase_price_nano), 0) from editions)::text as volume,
        (select count(*) from packs where sold_count < max_supply)::text as listings`,
    );
    const creators = await t.db.select().from(tables.creatorStats);
    return { kept, actual, creatorSales: creators.map((row) => Number(row.sales)) };
  }

  const revokedMessages = async () =>
    t.db.select().from(tables.outbox).where(eq(tables.outbox.kind, 'edition_revoked'));

  it('takes the edition back, frees its serial for the next sale, keeps the counters, and tells the owner once', async () => {
    const pack = await createPack(t, { priceNano: PRICE, maxSupply: 3 });
    const [first, second, third] = [await createUser(t), await createUser(t), await createUser(t)];
    await buyInStars(first, pack, 'charge-1');
    const secondOrder = await buyInStars(second, pack, 'charge-2');
    await buyInStars(third, pack, 'charge-3');
    expect((await packRow(t, pack.id)).soldCount).toBe(3);
    const [revokedEdition] = await t.db.select().from(tables.editions).where(eq(tables.editions.orderId, secondOrder));
    expect(revokedEdition!.serial).toBe(2);

    // A dispute: Telegram gives the second buyer their Stars back; the marketplace did not refund it.
    await botApi().refundStarPayment(second.id, 'charge-2');
    t.clock.advance(60_000);
    await reconciler().reconcileOnce();

    expect((await editionsOf(t, pack.id)).map((e) => [e.serial, e.ownerId])).toEqual([
      [1, first.id],
      [3, third.id],
    ]);
    expect((await packRow(t, pack.id)).soldCount).toBe(2);
    expect((await orderRow(t, secondOrder)).status).toBe('refunded');
    expect((await ledger(t, 'stars')).find((row) => row.ref === 'charge-2')).toMatchObject({
      outcome: 'fulfilled',
      refundStatus: 'refunded',
      refundedAt: t.clock.now,
      details: expect.objectContaining({ revocation: 'revoked', refundedByTelegramAt: t.clock.now.toISOString() }),
    });
    expect(await t.db.select().from(tables.editionRevocations)).toEqual([
      expect.objectContaining({
        orderId: secondOrder,
        packId: pack.id,
        editionId: revokedEdition!.id,
        serial: 2,
        ownerId: second.id,
        revokedAt: t.clock.now,
      }),
    ]);
    expect((await revokedMessages()).map((row) => row.payload)).toEqual([
      { userId: second.id, packId: pack.id, title: 'Space Cats', serial: 2, maxSupply: 3, stars: STARS },
    ]);
    const setRemovals = await t.db
      .select()
      .from(tables.outbox)
      .where(and(eq(tables.outbox.kind, 'sticker_set_revoke')));
    expect(setRemovals.map((row) => row.payload)).toEqual([{ userId: second.id, packId: pack.id }]);
    const afterRevoke = await counters();
    expect(afterRevoke.kept).toEqual(afterRevoke.actual);
    expect(afterRevoke.kept).toMatchObject({ sales: '2', listings: '1' });
    expect(afterRevoke.creatorSales).toEqual([2]);
    expect(log.lines.filter((line) => line.message.includes('refunded outside'))).toHaveLength(1);

    // Seeing the refund again changes nothing and tells nobody twice.
    await reconciler().reconcileOnce();
    expect(await t.db.select().from(tables.editionRevocations)).toHaveLength(1);
    expect(await revokedMessages()).toHaveLength(1);
    expect((await packRow(t, pack.id)).soldCount).toBe(2);

    // The freed serial goes to the next sale; the pack is full again after it.
    const fourth = await createUser(t);
    const fourthOrder = await buyInStars(fourth, pack, 'charge-4');
    const [reissued] = await t.db.select().from(tables.editions).where(eq(tables.editions.orderId, fourthOrder));
    expect(reissued!.serial).toBe(2);
    expect((await editionsOf(t, pack.id)).map((e) => e.serial)).toEqual([1, 2, 3]);
    expect((await packRow(t, pack.id)).soldCount).toBe(3);
    expect((await buy(t, await createUser(t), pack.id, 'stars')).statusCode).toBe(409);
    const full = await counters();
    expect(full.kept).toEqual(full.actual);
    expect(full.kept).toMatchObject({ sales: '3', listings: '0' });
    expect(full.creatorSales).toEqual([3]);
  });

  it('after the serials run out of gaps, sales go on from the top', async () => {
    const pack = await createPack(t, { priceNano: PRICE, maxSupply: 4 });
    const buyers = [await createUser(t), await createUser(t), await createUser(t)];
    await buyInStars(buyers[0]!, pack, 'charge-a');
    await buyInStars(buyers[1]!, pack, 'charge-b');
    await buyInStars(buyers[2]!, pack, 'charge-c');
    await botApi().refundStarPayment(buyers[0]!.id, 'charge-a');
    await reconciler().reconcileOnce();
    expect((await editionsOf(t, pack.id)).map((e) => e.serial)).toEqual([2, 3]);

    await buyInStars(await createUser(t), pack, 'charge-d');
    await buyInStars(await createUser(t), pack, 'charge-e');
    expect((await editionsOf(t, pack.id)).map((e) => e.serial)).toEqual([1, 2, 3, 4]);
    expect((await packRow(t, pack.id)).soldCount).toBe(4);
  });

  it('leaves alone a refund the marketplace made itself (a second payment for one order)', async () => {
    const pack = await createPack(t, { priceNano: PRICE, maxSupply: 5 });
    const owner = await createUser(t);
    const order = await buyInStars(owner, pack, 'charge-paid');
    // The same invoice paid twice; the bot missed the second, so reconciliation settles it and refunds it.
    telegram.addStarPayment({ chargeId: 'charge-twice', userId: owner.id, payload: order, amount: STARS });
    await reconciler().reconcileOnce();
    expect(telegram.refundedCharges.has('charge-twice')).toBe(true);
    await reconciler().reconcileOnce();

    expect((await editionsOf(t, pack.id)).map((e) => e.ownerId)).toEqual([owner.id]);
    expect((await ledger(t, 'stars')).map((row) => [row.ref, row.outcome, row.refundStatus])).toEqual([
      ['charge-paid', 'fulfilled', 'none'],
      ['charge-twice', 'refund_required', 'refunded'],
    ]);
    expect(await t.db.select().from(tables.editionRevocations)).toEqual([]);
    expect(await revokedMessages()).toEqual([]);
  });

  it('leaves an edition already sold on to its new owner, and the refund to the operator', async () => {
    const pack = await createPack(t, { priceNano: PRICE, maxSupply: 5 });
    const owner = await createUser(t);
    const order = await buyInStars(owner, pack, 'charge-kept');
    // The lock passed, the owner sold it on, and only then did Telegram refund the Stars.
    const newOwner = await createUser(t);
    await t.db.update(tables.editions).set({ ownerId: newOwner.id }).where(eq(tables.editions.orderId, order));
    await botApi().refundStarPayment(owner.id, 'charge-kept');
    await reconciler().reconcileOnce();

    expect((await editionsOf(t, pack.id)).map((e) => e.ownerId)).toEqual([newOwner.id]);
    expect((await ledger(t, 'stars'))[0]).toMatchObject({
      refundStatus: 'manual',
      details: expect.objectContaining({ revocation: 'resold' }),
    });
    expect(await t.db.select().from(tables.editionRevocations)).toEqual([]);
    expect(await revokedMessages()).toEqual([]);
    await reconciler().reconcileOnce();
    expect(log.lines.filter((line) => line.message.includes('refunded outside'))).toHaveLength(1);
  });

  it('leaves an edition that went on the market after its lock (listed, then delisted) whole, for the operator', async () => {
    const pack = await createPack(t, { priceNano: PRICE, maxSupply: 5 });
    const owner = await createUser(t);
    const order = await buyInStars(owner, pack, 'charge-listed');
    const [edition] = await t.db.select().from(tables.editions).where(eq(tables.editions.orderId, order));
    await t.db
      .update(tables.users)
      .set({ walletAddress: `0:${'31'.repeat(32)}` })
      .where(eq(tables.users.id, owner.id));
    const later = new Date(t.clock.now.getTime() + 22 * 24 * 60 * 60 * 1000);
    await listEdition(t.db, { userId: owner.id, editionId: edition!.id, price: '3', now: later, starsLockDays: 21 });
    await delistEdition(t.db, { userId: owner.id, editionId: edition!.id, now: later });
    const feedBefore = await t.db.select().from(activity).where(eq(activity.editionId, edition!.id));
    expect(feedBefore.map((row) => row.type)).toEqual(['mint', 'list', 'delist']);

    await botApi().refundStarPayment(owner.id, 'charge-listed');
    await reconciler().reconcileOnce();

    expect(await editionsOf(t, pack.id)).toEqual([edition]);
    expect(await t.db.select().from(activity).where(eq(activity.editionId, edition!.id))).toEqual(feedBefore);
    expect((await packRow(t, pack.id)).soldCount).toBe(1);
    expect((await orderRow(t, order)).status).toBe('paid');
    expect((await ledger(t, 'stars'))[0]).toMatchObject({
      refundStatus: 'manual',
      details: expect.objectContaining({ revocation: 'resold' }),
    });
    expect(await revokedMessages()).toEqual([]);
  });

  it('leaves an edition offered on after its lock whole, for the operator', async () => {
    const pack = await createPack(t, { priceNano: PRICE, maxSupply: 5 });
    const owner = await createUser(t);
    const order = await buyInStars(owner, pack, 'charge-offered');
    const [edition] = await t.db.select().from(tables.editions).where(eq(tables.editions.orderId, order));
    const later = new Date(t.clock.now.getTime() + 22 * 24 * 60 * 60 * 1000);
    const bidder = await createUser(t);
    const { offer } = await makeOffer(t.db, {
      userId: bidder.id,
      editionId: edition!.id,
      price: '2',
      expiresInHours: 24,
      starsLockDays: 21,
      now: later,
    });

    await botApi().refundStarPayment(owner.id, 'charge-offered');
    await reconciler().reconcileOnce();

    expect(await editionsOf(t, pack.id)).toEqual([edition]);
    expect((await ledger(t, 'stars'))[0]).toMatchObject({ refundStatus: 'manual' });
    expect(await t.db.select().from(tables.editionRevocations)).toEqual([]);
    expect(offer).toMatchObject({ editionId: edition!.id, status: 'open' });
  });
});
