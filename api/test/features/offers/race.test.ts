import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { OFFER_ERRORS, RESALE_ERRORS } from '@stickerdrop/shared';
import { buildTestApp, describePostgres, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { createPack, demoPay } from '../orders/fixtures.js';
import { buyListing, ownedEdition, putOnSale } from '../resale/fixtures.js';
import { acceptOffer, answerOffer, makeOffer, messagesOf, offerRow } from './fixtures.js';
import { tables } from '@stickerdrop/core/testing';

/** Real Postgres only: PGlite runs one transaction at a time and would hide every race here. */
describePostgres('offers under concurrency', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind: 'postgres' });
  });
  afterEach(() => t.close());

  it('a bidder offering on a pack eight times at once, withdrawing between: each holder is told once', async () => {
    const pack = await createPack(t, { priceNano: 1_000_000_000n });
    const holders = [];
    for (let i = 0; i < 3; i++) holders.push(await ownedEdition(t, { pack }));
    const bidder = await createUser(t);
    const cycle = async (i: number) => {
      const made = await makeOffer(t, bidder, { packId: pack.id, price: `1.${i}` });
      if (made.statusCode === 201 && i % 2 === 0) await answerOffer(t, bidder, made.offer.id, 'withdraw');
      return made.statusCode;
    };
    const codes = await Promise.all(Array.from({ length: 8 }, (_, i) => cycle(i)));
    expect(codes.every((code) => code === 200 || code === 201)).toBe(true);
    const told = await messagesOf(t, 'offer_received');
    expect(told.map((m) => m.ownerId).sort()).toEqual(holders.map((h) => h.seller.id).sort());
  });

  it('ten holders accepting one pack-wide offer at once: one order, nine × 409, one sale', async () => {
    const pack = await createPack(t, { priceNano: 1_000_000_000n });
    const holders = [];
    for (let i = 0; i < 10; i++) holders.push(await ownedEdition(t, { pack }));
    const bidder = await createUser(t);
    const { offer } = await makeOffer(t, bidder, { packId: pack.id, price: '3' });

    const results = await Promise.all(holders.map((h) => acceptOffer(t, h.seller, offer.id, h.editionId)));
    const winners = results.filter((r) => r.statusCode === 201);
    expect(winners).toHaveLength(1);
    expect(new Set(results.filter((r) => r.statusCode !== 201).map((r) => `${r.statusCode} ${r.error}`))).toEqual(
      new Set([`409 ${OFFER_ERRORS.noLongerOpen}`]),
    );
    const orders = await t.db.select().from(tables.orders).where(eq(tables.orders.offerId, offer.id));
    expect(orders).toHaveLength(1);
    expect((await offerRow(t, offer.id)).orderId).toBe(orders[0]!.id);

    expect((await demoPay(t, bidder, winners[0]!.order.id)).order.status).toBe('paid');
    const owned = await t.db.select().from(tables.editions).where(eq(tables.editions.ownerId, bidder.id));
    expect(owned.map((e) => e.id)).toEqual([winners[0]!.order.editionId]);
  });

  it('buyers racing the listing while the owner accepts an offer on the same edition: one order, one sale', async () => {
    for (let round = 0; round < 5; round++) {
      const { seller, editionId } = await ownedEdition(t);
      const { listing } = await putOnSale(t, seller, editionId, '5');
      const bidder = await createUser(t);
      const { offer } = await makeOffer(t, bidder, { editionId, price: '4' });
      const buyers = [];
      for (let i = 0; i < 5; i++) buyers.push(await createUser(t));

      // Every winner pays at once; the listing's buyers and the offer's bidder all try.
      const [accept, ...buys] = await Promise.all([
        acceptOffer(t, seller, offer.id),
        ...buyers.map((buyer) => buyListing(t, buyer, listing.id)),
      ]);
      const reserved = [accept, ...buys].filter((r) => r.statusCode === 201);
      expect(reserved, `round ${round}`).toHaveLength(1);
      if (accept.statusCode !== 201) expect(accept.error).toBe(RESALE_ERRORS.beingBought);
      for (const lost of buys.filter((r) => r.statusCode !== 201)) {
        expect(lost).toMatchObject({ statusCode: 409, error: RESALE_ERRORS.noLongerForSale });
      }
      const payer = accept.statusCode === 201 ? bidder : buyers[buys.findIndex((r) => r.statusCode === 201)]!;
      expect((await demoPay(t, payer, reserved[0]!.order.id)).order.status).toBe('paid');

      const sales = await t.db.select().from(tables.orders).where(eq(tables.orders.editionId, editionId));
      expect(sales.filter((o) => o.status === 'paid')).toHaveLength(1);
      const [edition] = await t.db.select().from(tables.editions).where(eq(tables.editions.id, editionId));
      expect(edition!.ownerId).toBe(payer.id);
    }
  });
});
