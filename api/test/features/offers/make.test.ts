import { afterEach, beforeEach, expect, it } from 'vitest';
import { MESSAGES, OFFER_ERRORS, RESALE_ERRORS } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { ownedEdition } from '../resale/fixtures.js';
import { makeOffer, messagesOf, mine, packOffers } from './fixtures.js';

const HOUR_MS = 60 * 60 * 1000;

describeEachDatabase('offers: making and listing', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  it('refuses: 401 signed out, 404 unknown edition or pack, 400 bad price, own edition or expiry out of 1–72 h', async () => {
    const { pack, seller, editionId } = await ownedEdition(t);
    const bidder = await createUser(t);
    expect((await makeOffer(t, null, { editionId, price: '2' })).statusCode).toBe(401);
    expect(await makeOffer(t, bidder, { editionId: 987654, price: '2' })).toMatchObject({
      statusCode: 404,
      error: RESALE_ERRORS.editionNotFound,
    });
    expect(await makeOffer(t, bidder, { packId: 987654, price: '2' })).toMatchObject({
      statusCode: 404,
      error: MESSAGES.packNotFound,
    });
    for (const price of ['0', '-1', 'abc', '1.234']) {
      expect(await makeOffer(t, bidder, { editionId, price }), price).toMatchObject({
        statusCode: 400,
        error: MESSAGES.priceInvalid,
      });
    }
    expect(await makeOffer(t, seller, { editionId, price: '2' })).toMatchObject({
      statusCode: 400,
      error: OFFER_ERRORS.ownEdition,
    });
    for (const expiresInHours of [0, 73]) {
      expect((await makeOffer(t, bidder, { packId: pack.id, price: '2', expiresInHours })).statusCode).toBe(400);
    }
    expect((await makeOffer(t, bidder, { editionId, packId: pack.id, price: '2' })).statusCode).toBe(400);
    expect((await packOffers(t, pack.id)).body).toEqual({ items: [], best: null });
    expect(await messagesOf(t, 'offer_received')).toEqual([]);
  });

  it('201 a new offer (24 h by default), 200 the same bidder replacing it; the owner is told once', async () => {
    const { pack, seller, editionId, serial } = await ownedEdition(t);
    const bidder = await createUser(t, { firstName: 'Ana' });
    const first = await makeOffer(t, bidder, { editionId, price: '2.5' });
    expect(first.statusCode).toBe(201);
    expect(first.offer).toMatchObject({
      editionId,
      serial,
      packId: pack.id,
      price: '2.50',
      status: 'open',
      expiresAt: new Date(t.clock.now.getTime() + 24 * HOUR_MS).toISOString(),
      bidder: { id: bidder.id, name: 'Ana' },
      order: null,
    });
    t.clock.advance(1000);
    const raised = await makeOffer(t, bidder, { editionId, price: '3', expiresInHours: 72 });
    expect(raised.statusCode).toBe(200);
    expect(raised.offer).toMatchObject({
      id: first.offer.id,
      price: '3.00',
      expiresAt: new Date(t.clock.now.getTime() + 72 * HOUR_MS).toISOString(),
    });
    expect((await packOffers(t, pack.id)).body.items.map((o) => [o.id, o.price])).toEqual([[first.offer.id, '3.00']]);
    // One message; not sent yet, it now says the raised price (once sent, a raise edits it in the chat).
    const told = await messagesOf(t, 'offer_received');
    expect(told.map((m) => [m.ownerId, m.price, m.serial, m.packWide, m.bidderName])).toEqual([
      [seller.id, '3.00', serial, false, 'Ana'],
    ]);
  });

  it('a pack-wide offer tells every holder but the bidder; the pack lists all open offers highest first', async () => {
    const a = await ownedEdition(t);
    const b = await ownedEdition(t, { pack: a.pack });
    const bidder = await createUser(t);
    const c = await ownedEdition(t, { pack: a.pack });
    const wide = await makeOffer(t, c.seller, { packId: a.pack.id, price: '1.5' });
    expect(wide.statusCode).toBe(201);
    expect(wide.offer).toMatchObject({ editionId: null, serial: null, packId: a.pack.id, price: '1.50' });
    const told = await messagesOf(t, 'offer_received');
    expect(told.map((m) => [m.ownerId, m.editionId, m.packWide]).sort()).toEqual(
      [
        [a.seller.id, a.editionId, true],
        [b.seller.id, b.editionId, true],
      ].sort(),
    );
    const onEdition = await makeOffer(t, bidder, { editionId: b.editionId, price: '4' });
    const low = await makeOffer(t, bidder, { packId: a.pack.id, price: '0.5' });
    const list = await packOffers(t, a.pack.id);
    expect(list.statusCode).toBe(200);
    expect(list.body.items.map((o) => o.id)).toEqual([onEdition.offer.id, wide.offer.id, low.offer.id]);
    expect(list.body.best).toBe('4.00');
    expect((await packOffers(t, 987654)).statusCode).toBe(404);
    expect((await packOffers(t, 'abc')).statusCode).toBe(404);

    // Mine: made by the bidder; received by b (their edition, the pack-wide ones) and by c (only the bidder's).
    expect((await mine(t, bidder)).made.map((o) => o.id)).toEqual([low.offer.id, onEdition.offer.id]);
    expect((await mine(t, bidder)).received).toEqual([]);
    expect((await mine(t, b.seller)).received.map((o) => o.id)).toEqual([
      onEdition.offer.id,
      wide.offer.id,
      low.offer.id,
    ]);
    expect((await mine(t, c.seller)).received.map((o) => o.id)).toEqual([low.offer.id]);
    expect((await mine(t, c.seller)).made.map((o) => o.id)).toEqual([wide.offer.id]);
  });

  it('an offer past its time leaves the lists before the sweep closes it', async () => {
    const { pack, editionId } = await ownedEdition(t);
    const bidder = await createUser(t);
    await makeOffer(t, bidder, { editionId, price: '2', expiresInHours: 1 });
    t.clock.advance(HOUR_MS);
    expect((await packOffers(t, pack.id)).body).toEqual({ items: [], best: null });
    expect((await mine(t, bidder)).made).toEqual([]);
  });
});
