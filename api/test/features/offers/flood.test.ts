import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { OFFER_ERRORS } from '@stickerdrop/shared';
import { claimOutboxBatch } from '@stickerdrop/core';
import { BIDDER_NOTICE_BUDGET, enqueueOutbox, offers, outboxKey, tables } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createCreator, createUser } from '../../users.js';
import { insertPack, sellEdition } from '../packs/fixtures.js';
import { answerOffer, makeOffer, messagesOf } from './fixtures.js';

/** A bidder repricing a pack-wide offer, or making many, cannot flood holders or delay receipts. */
describeEachDatabase('offers: holders told once, bidders capped and paced', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind, config: { offersMaxOpen: 2 } });
  });
  afterEach(() => t.close());

  async function packWithHolders(holders: number) {
    const creator = await createCreator(t);
    const packId = await insertPack(t.db, creator.id, { title: 'Crowded', maxSupply: holders + 10 });
    for (let i = 0; i < holders; i++) await sellEdition(t.db, packId, (await createUser(t)).id);
    // The holders bought before any of this: their receipts and the creator's sale notices went out then.
    await t.db.update(tables.outbox).set({ status: 'sent' }).where(eq(tables.outbox.status, 'pending'));
    return packId;
  }

  it('a pack-wide offer changed three times tells each of 55 holders once', async () => {
    const packId = await packWithHolders(55);
    const bidder = await createUser(t);
    expect((await makeOffer(t, bidder, { packId, price: '1' })).statusCode).toBe(201);
    for (const price of ['1.5', '2', '0.5']) {
      t.clock.advance(1000);
      expect((await makeOffer(t, bidder, { packId, price })).statusCode).toBe(200);
    }
    const told = await messagesOf(t, 'offer_received');
    expect(told).toHaveLength(55);
    expect(new Set(told.map((m) => m.ownerId)).size).toBe(55);
    // Not sent yet, each says the price as it is now: the waiting message was brought up to date.
    expect(new Set(told.map((m) => m.price))).toEqual(new Set(['0.50']));
  });

  it('withdrawing and offering again tells each holder once a day: 4 cycles, 3 holders, 3 messages', async () => {
    const packId = await packWithHolders(3);
    const bidder = await createUser(t);
    let latest = 0;
    for (let cycle = 0; cycle < 4; cycle++) {
      const made = await makeOffer(t, bidder, { packId, price: `1.${cycle}` });
      expect(made.statusCode).toBe(201);
      latest = made.offer.id;
      if (cycle < 3) expect((await answerOffer(t, bidder, latest, 'withdraw')).statusCode).toBe(204);
      t.clock.advance(15_000);
    }
    const told = await messagesOf(t, 'offer_received');
    expect(told).toHaveLength(3);
    // The messages still waiting are about the offer that is open, at its price.
    expect(told.map((m) => [m.offerId, m.price])).toEqual(Array(3).fill([latest, '1.30']));
    expect(await messagesOf(t, 'offer_repriced')).toEqual([]);

    // The same holders hear of this bidder again once the day is over.
    expect((await answerOffer(t, bidder, latest, 'withdraw')).statusCode).toBe(204);
    t.clock.advance(24 * 60 * 60 * 1000);
    expect((await makeOffer(t, bidder, { packId, price: '2' })).statusCode).toBe(201);
    expect(await messagesOf(t, 'offer_received')).toHaveLength(6);
  });

  it('caps a bidder at OFFERS_MAX_OPEN open offers; repricing one is not another, withdrawing frees a place', async () => {
    const [a, b, c] = [await packWithHolders(1), await packWithHolders(1), await packWithHolders(1)];
    const bidder = await createUser(t);
    const first = await makeOffer(t, bidder, { packId: a, price: '1' });
    expect((await makeOffer(t, bidder, { packId: b, price: '1' })).statusCode).toBe(201);
    expect((await makeOffer(t, bidder, { packId: a, price: '2' })).statusCode).toBe(200);
    expect(await makeOffer(t, bidder, { packId: c, price: '1' })).toMatchObject({
      statusCode: 409,
      error: OFFER_ERRORS.tooMany(2),
    });
    expect(await t.db.select().from(offers)).toHaveLength(2);
    // Another bidder has a budget of their own.
    expect((await makeOffer(t, await createUser(t), { packId: c, price: '1' })).statusCode).toBe(201);
    expect((await answerOffer(t, bidder, first.offer.id, 'withdraw')).statusCode).toBe(204);
    expect((await makeOffer(t, bidder, { packId: c, price: '1' })).statusCode).toBe(201);
  });

  it("a bidder's messages go out on their own budget, and a receipt is claimed before them", async () => {
    const packId = await packWithHolders(40);
    const bidder = await createUser(t);
    await makeOffer(t, bidder, { packId, price: '1' });
    const rows = (await t.db.select().from(tables.outbox)).filter((row) => row.kind === 'offer_received');
    const dueNow = rows.filter((row) => row.nextAttemptAt.getTime() <= t.clock.now.getTime());
    expect(rows).toHaveLength(40);
    expect(dueNow).toHaveLength(BIDDER_NOTICE_BUDGET.burst);
    const last = Math.max(...rows.map((row) => row.nextAttemptAt.getTime()));
    expect(last - t.clock.now.getTime()).toBe(
      ((40 - BIDDER_NOTICE_BUDGET.burst) * 1000) / BIDDER_NOTICE_BUDGET.perSecond,
    );

    // A buyer's receipt written after the flood is the first row a worker takes.
    await enqueueOutbox(
      t.db,
      'sale_notice',
      { orderId: 'o-1', packId, title: 'Crowded', serial: 1, maxSupply: 50, amount: '1.00', buyerId: 1, creatorId: 2 },
      outboxKey.sale_notice('o-1'),
    );
    const claimed = await claimOutboxBatch(t.db, {
      kinds: ['offer_received', 'sale_notice'],
      limit: 3,
      // Late enough for every row, the receipt (stamped by the database's clock) and the paced ones alike.
      now: new Date(Math.max(Date.now(), t.clock.now.getTime()) + 60 * 60 * 1000),
      leaseMs: 1000,
    });
    expect(claimed.map((row) => row.kind).sort()).toEqual(['offer_received', 'offer_received', 'sale_notice']);
  });
});
