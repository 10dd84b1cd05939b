import { afterEach, beforeEach, expect, it } from 'vitest';
import { API_ERRORS, DROP_ERRORS } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { buy, demoPay } from '../orders/fixtures.js';
import { buyListing, ownedEdition, putOnSale } from '../resale/fixtures.js';
import { acceptOffer, makeOffer, offerRow } from '../offers/fixtures.js';
import { dropPack } from './fixtures.js';

const MINUTE = 60_000;

describeEachDatabase('fair drops: buying', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  it('before a drop opens, buying is refused with its time in UTC; at the time it sells', async () => {
    const dropsAt = new Date(Date.UTC(2030, 0, 2, 18, 30, 0));
    t.clock.now = new Date(dropsAt.getTime() - 5 * MINUTE);
    const pack = await dropPack(t, { dropsAt });
    const buyer = await createUser(t);

    const early = await buy(t, buyer, pack.id, 'demo');
    expect(early).toMatchObject({ statusCode: 409, error: 'This drop opens at 2030-01-02 18:30 UTC' });
    expect(early.error).toBe(DROP_ERRORS.notOpenYet(dropsAt));

    t.clock.now = dropsAt;
    const opened = await buy(t, buyer, pack.id, 'demo');
    expect(opened.statusCode).toBe(201);
    expect((await demoPay(t, buyer, opened.order.id)).order.edition).toBe(1);
  });

  it('a drop time off the minute is written with its seconds', () => {
    expect(DROP_ERRORS.notOpenYet(new Date(Date.UTC(2030, 10, 5, 7, 4, 9)))).toBe(
      'This drop opens at 2030-11-05 07:04:09 UTC',
    );
  });

  it('a pack without a drop time sells at once, and without a cap a collector may buy up several by resale', async () => {
    const pack = await dropPack(t);
    const buyer = await createUser(t);
    const offers = [];
    for (let i = 0; i < 3; i++) {
      const owned = await ownedEdition(t, { pack });
      offers.push((await putOnSale(t, owned.seller, owned.editionId, '2')).listing.id);
    }
    for (const listingId of offers) expect((await buyListing(t, buyer, listingId)).statusCode).toBe(201);
  });

  it('maxPerUser counts editions held and open reservations, primary and resale; past it, 409', async () => {
    const pack = await dropPack(t, { maxPerUser: 2 });
    const listed = [];
    for (let i = 0; i < 3; i++) {
      const owned = await ownedEdition(t, { pack });
      listed.push((await putOnSale(t, owned.seller, owned.editionId, '2')).listing.id);
    }
    const collector = await createUser(t);

    // A resale reservation (1), then a primary one (2): both count before anything is paid.
    expect((await buyListing(t, collector, listed[0]!)).statusCode).toBe(201);
    const primary = await buy(t, collector, pack.id, 'demo');
    expect(primary.statusCode).toBe(201);
    const third = await buyListing(t, collector, listed[1]!);
    expect(third).toMatchObject({ statusCode: 409, error: DROP_ERRORS.perUserLimit });
    expect(third.error).toBe('You already hold the most editions of this pack one collector may have');

    // The collector's own live reservation still comes back (it is one of the two).
    expect((await buy(t, collector, pack.id, 'demo')).statusCode).toBe(200);

    // Paying turns a reservation into a held edition: still two, still refused.
    await demoPay(t, collector, primary.order.id);
    expect(await buyListing(t, collector, listed[2]!)).toMatchObject({
      statusCode: 409,
      error: DROP_ERRORS.perUserLimit,
    });

    // Once the resale reservation lapses, the collector is back under the cap.
    t.clock.advance(60 * MINUTE);
    expect((await buyListing(t, collector, listed[1]!)).statusCode).toBe(201);
  });

  it('a primary buy past the cap is refused: the cap is checked before sold out and after ownership', async () => {
    const pack = await dropPack(t, { maxPerUser: 1, maxSupply: 5 });
    const owned = await ownedEdition(t, { pack });
    const { listing } = await putOnSale(t, owned.seller, owned.editionId, '2');
    const collector = await createUser(t);
    expect((await buyListing(t, collector, listing.id)).statusCode).toBe(201);
    expect(await buy(t, collector, pack.id, 'demo')).toMatchObject({
      statusCode: 409,
      error: DROP_ERRORS.perUserLimit,
    });
    // The seller holds one already: the existing one-edition rule answers first, as before.
    expect(await buy(t, owned.seller, pack.id, 'demo')).toMatchObject({
      statusCode: 409,
      error: API_ERRORS.alreadyOwned,
    });
  });

  it('an accepted offer is a purchase too: past the bidder’s cap the owner’s accept is refused and nothing is held', async () => {
    const pack = await dropPack(t, { maxPerUser: 1 });
    const first = await ownedEdition(t, { pack });
    const second = await ownedEdition(t, { pack });
    const bidder = await createUser(t);
    const made = await makeOffer(t, bidder, { editionId: second.editionId, price: '3' });
    expect(made.statusCode).toBe(201);

    // The bidder takes their one edition by resale; the offer they made stays open.
    const { listing } = await putOnSale(t, first.seller, first.editionId, '2');
    expect((await buyListing(t, bidder, listing.id)).statusCode).toBe(201);

    const accepted = await acceptOffer(t, second.seller, made.offer.id);
    expect(accepted).toMatchObject({ statusCode: 409, error: DROP_ERRORS.perUserLimit });
    expect((await offerRow(t, made.offer.id)).status).toBe('open');
    // Nothing holds the owner's edition: they can still sell it to someone else.
    const other = await createUser(t);
    const relisted = await putOnSale(t, second.seller, second.editionId, '4');
    expect((await buyListing(t, other, relisted.listing.id)).statusCode).toBe(201);
  });
});
