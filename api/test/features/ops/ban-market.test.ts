import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPS_ERRORS } from '@stickerdrop/shared';
import { tables } from '@stickerdrop/core/testing';
import { initDataFor } from '../../auth-helpers.js';
import { buildTestApp, type TestApp } from '../../helpers.js';
import { createUser, type TestUser } from '../../users.js';
import { createPack } from '../orders/fixtures.js';
import { makeOffer, offerRow, packOffers } from '../offers/fixtures.js';
import { get, listingRow, ownedEdition, putOnSale } from '../resale/fixtures.js';

const OPERATOR = 4_242_301;

/** What a ban closes in the market: what the banned user sells and bids, and the market of the packs they made. */
describe('a banned user’s market', () => {
  let t: TestApp;
  let operator: TestUser;

  beforeEach(async () => {
    t = await buildTestApp({ config: { operatorIds: [OPERATOR] } });
    operator = await createUser(t, { id: OPERATOR });
  });
  afterEach(() => t.close());

  const ops = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: operator.headers, payload });
  const signIn = (id: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/telegram',
      payload: { initData: initDataFor(t, { id, first_name: 'Mallory' }) },
    });

  it('closes their listings and offers and the market of their packs; they cannot list or bid, nor sign in until unbanned', async () => {
    // Mallory owns an edition and sells it, bids on another pack, and made a pack someone else resells.
    const { seller: mallory, editionId, pack: bought } = await ownedEdition(t);
    const sold = await putOnSale(t, mallory, editionId, '3');
    expect(sold.statusCode, sold.error).toBe(201);
    const elsewhere = await ownedEdition(t);
    const bid = await makeOffer(t, mallory, { packId: elsewhere.pack.id, price: '1' });
    expect(bid.statusCode, bid.error).toBe(201);
    const made = await createPack(t, { title: 'Mallory’s own' });
    await t.db.update(tables.packs).set({ creatorId: mallory.id }).where(eq(tables.packs.id, made.id));
    const resold = await ownedEdition(t, { pack: made });
    const resale = await putOnSale(t, resold.seller, resold.editionId, '5');
    expect(resale.statusCode, resale.error).toBe(201);
    const onSale = async (packId: number) =>
      ((await get(t, `/api/stickers/${packId}/listings`)).body as { count: number }).count;
    expect(await onSale(bought.id)).toBe(1);

    const ban = await ops(`/api/ops/users/${mallory.id}/ban`, { reason: 'Sold stolen art' });
    expect(ban.statusCode, ban.body).toBe(200);
    expect(ban.json()).toMatchObject({ ban: { listings: 1, offers: 1, packsHidden: [made.id] } });

    expect((await listingRow(t, sold.listing.id)).status).toBe('cancelled');
    expect(await onSale(bought.id)).toBe(0);
    expect((await offerRow(t, bid.offer.id)).status).toBe('withdrawn');
    expect((await packOffers(t, elsewhere.pack.id)).body.items).toEqual([]);
    // Their pack's market closes with it, though the seller there is not banned.
    expect((await listingRow(t, resale.listing.id)).status).toBe('cancelled');
    expect((await get(t, `/api/stickers/${made.id}`)).statusCode).toBe(404);

    // Nothing more from them: their token is refused, and signing in says why.
    expect((await putOnSale(t, mallory, editionId, '3')).statusCode).toBe(403);
    expect((await makeOffer(t, mallory, { packId: elsewhere.pack.id, price: '1' })).statusCode).toBe(403);
    const refused = await signIn(mallory.id);
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: OPS_ERRORS.banned }]);

    expect((await ops(`/api/ops/users/${mallory.id}/unban`, { note: 'appeal accepted' })).statusCode).toBe(200);
    expect((await signIn(mallory.id)).statusCode).toBe(200);
    // What the ban closed stays closed: they list again themselves, and their pack waits for review.
    expect((await listingRow(t, sold.listing.id)).status).toBe('cancelled');
    expect((await get(t, `/api/stickers/${made.id}`)).statusCode).toBe(404);
  });
});
