import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers.js';
import { createUser, type TestUser } from '../../users.js';
import { authHeaders, buy, outboxRows } from '../orders/fixtures.js';
import { makeOffer, offerRow } from '../offers/fixtures.js';
import { listingRow, ownedEdition, putOnSale } from '../resale/fixtures.js';

const OPERATOR = 4_242_401;

/** What a takedown (any reason) does to the pack's market: what was open closes, and nothing new opens. */
describe('a taken-down pack’s market', () => {
  let t: TestApp;
  let operator: TestUser;

  beforeEach(async () => {
    t = await buildTestApp({ config: { operatorIds: [OPERATOR] } });
    operator = await createUser(t, { id: OPERATOR });
  });
  afterEach(() => t.close());

  it('closes its listings and offers with the bidders told, and refuses buying, listing, resale and offers with 409', async () => {
    const owned = await ownedEdition(t);
    const { pack, seller, editionId } = owned;
    const other = await ownedEdition(t, { pack });
    const listed = await putOnSale(t, seller, editionId, '3');
    expect(listed.statusCode, listed.error).toBe(201);
    const bidder = await createUser(t);
    const onPack = await makeOffer(t, bidder, { packId: pack.id, price: '1' });
    const onEdition = await makeOffer(t, bidder, { editionId: other.editionId, price: '2' });
    expect([onPack.statusCode, onEdition.statusCode]).toEqual([201, 201]);

    const takedown = await t.app.inject({
      method: 'POST',
      url: `/api/ops/packs/${pack.id}/takedown`,
      headers: operator.headers,
      payload: { reason: 'scam', note: 'fake giveaway' },
    });
    expect(takedown.statusCode, takedown.body).toBe(200);
    expect(takedown.json()).toMatchObject({
      takedown: { market: { listings: 1, offers: 2 }, refundsQueued: 0, setsDeleted: 0 },
    });
    expect((await listingRow(t, listed.listing.id)).status).toBe('cancelled');
    expect((await offerRow(t, onPack.offer.id)).status).toBe('lapsed');
    expect((await offerRow(t, onEdition.offer.id)).status).toBe('lapsed');
    const told = (await outboxRows(t))
      .filter((row) => row.kind === 'pack_removed')
      .map((row) => (row.payload as { userId: number }).userId);
    expect(told.sort()).toEqual([pack.creator.id, seller.id, other.seller.id, bidder.id].sort());

    // Nothing new: a buy, a listing, a resale of a listing, an offer on the pack or an edition.
    const buyer = await createUser(t);
    expect((await buy(t, buyer, pack.id, 'demo')).statusCode).toBe(409);
    expect((await putOnSale(t, other.seller, other.editionId, '4')).statusCode).toBe(409);
    const resale = await t.app.inject({
      method: 'POST',
      url: '/api/marketplace/buy',
      headers: await authHeaders(t, buyer),
      payload: { listingId: listed.listing.id, paymentMethod: 'demo' },
    });
    expect(resale.statusCode).toBe(409);
    expect((await makeOffer(t, bidder, { packId: pack.id, price: '1' })).statusCode).toBe(409);
    expect((await makeOffer(t, bidder, { editionId: other.editionId, price: '2' })).statusCode).toBe(409);
  });
});
