import { afterEach, beforeEach, expect, it } from 'vitest';
import { MyOffers } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { buyListing, ownedEdition, putOnSale } from '../resale/fixtures.js';
import { acceptOffer, makeOffer, mine, packOffers } from './fixtures.js';

describeEachDatabase('offers: what a received offer means for its owner', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind, config: { marketFeeBps: 250 } });
  });
  afterEach(() => t.close());

  it('says what the owner receives after royalty and fee, beside their listing price and the floor', async () => {
    const { pack, seller, editionId, serial } = await ownedEdition(t, { royaltyBps: 500 });
    const other = await ownedEdition(t, { pack });
    await putOnSale(t, seller, editionId, '1.45');
    expect((await putOnSale(t, other.seller, other.editionId, '1.30')).statusCode).toBe(201);
    const bidder = await createUser(t, { firstName: 'Ana' });
    await makeOffer(t, bidder, { editionId, price: '1.10' });
    await makeOffer(t, bidder, { packId: pack.id, price: '1' });

    const { received } = MyOffers.parse(await mine(t, seller));
    // 1.10 less 5 % royalty (0.055) and 2.5 % fee (0.0275); 1.00 less 0.05 and 0.025.
    expect(received.map((o) => [o.price, o.receive, o.listingPrice, o.floor, o.held])).toEqual([
      ['1.10', '1.0175', '1.45', '1.30', false],
      ['1.00', '0.925', '1.45', '1.30', false],
    ]);
    expect(received[1]!.editions).toEqual([{ editionId, serial, listingPrice: '1.45', held: false }]);
  });

  it('marks the other offers on an edition held once one is accepted (or its listing reserved)', async () => {
    const { pack, seller, editionId } = await ownedEdition(t);
    const [ana, ben] = [await createUser(t), await createUser(t)];
    const first = await makeOffer(t, ana, { editionId, price: '2' });
    await makeOffer(t, ben, { editionId, price: '1.5' });
    expect((await mine(t, seller)).received.map((o) => o.held)).toEqual([false, false]);
    expect((await acceptOffer(t, seller, first.offer.id)).statusCode).toBe(201);
    const after = (await mine(t, seller)).received;
    expect(after.map((o) => [o.price, o.held, o.editions.map((e) => e.held)])).toEqual([['1.50', true, [true]]]);

    // A pack-wide offer is held only when every edition of the owner's is.
    const second = await ownedEdition(t, { pack });
    const { listing } = await putOnSale(t, second.seller, second.editionId, '3');
    await makeOffer(t, ben, { packId: pack.id, price: '1' });
    expect((await mine(t, second.seller)).received.map((o) => o.held)).toEqual([false]);
    expect((await buyListing(t, await createUser(t), listing.id)).statusCode).toBe(201);
    const held = (await mine(t, second.seller)).received;
    expect(held.map((o) => [o.held, o.listingPrice, o.floor])).toEqual([[true, '3.00', null]]);
  });

  it('of two equal offers the earlier comes first (it is the best)', async () => {
    const { pack, seller, editionId } = await ownedEdition(t);
    const [early, late] = [await createUser(t), await createUser(t)];
    await makeOffer(t, early, { editionId, price: '2' });
    t.clock.advance(60_000);
    await makeOffer(t, late, { editionId, price: '2' });
    expect((await packOffers(t, pack.id)).body.items.map((o) => o.bidder.id)).toEqual([early.id, late.id]);
    expect((await mine(t, seller)).received.map((o) => o.bidder.id)).toEqual([early.id, late.id]);
  });
});
