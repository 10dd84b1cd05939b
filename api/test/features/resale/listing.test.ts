import { afterEach, beforeEach, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, RESALE_ERRORS } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { authHeaders } from '../orders/fixtures.js';
import { messagesOf } from '../offers/fixtures.js';
import { buyListing, get, listingRow, ownedEdition, putOnSale, setWallet } from './fixtures.js';
import { tables } from '@stickerdrop/core/testing';

describeEachDatabase('resale: listing, repricing and delisting an edition', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  it('lists (201), reprices (200), and refuses in the contract order: 401, 404, 403, 400, 409 wallet', async () => {
    const { seller, editionId, serial, pack } = await ownedEdition(t);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: `/api/editions/${editionId}/listing`,
      payload: { price: '2' },
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await putOnSale(t, seller, 999_999, '2')).statusCode).toBe(404);
    expect((await putOnSale(t, seller, 0, '2')).statusCode).toBe(404);
    const stranger = await createUser(t);
    expect(await putOnSale(t, stranger, editionId, '2')).toMatchObject({
      statusCode: 403,
      error: RESALE_ERRORS.notOwner,
    });
    for (const price of ['0', '1.234', 'abc', '-1', '']) {
      expect(await putOnSale(t, seller, editionId, price)).toMatchObject({
        statusCode: 400,
        error: MESSAGES.priceInvalid,
      });
    }
    await setWallet(t, seller, null);
    expect(await putOnSale(t, seller, editionId, '2')).toMatchObject({
      statusCode: 409,
      error: RESALE_ERRORS.walletRequired,
    });
    await setWallet(t, seller, 1);

    const created = await putOnSale(t, seller, editionId, '2.5');
    expect(created.statusCode).toBe(201);
    expect(created.listing).toEqual({
      id: expect.any(Number),
      editionId,
      serial,
      packId: pack.id,
      price: '2.50',
      sellerId: seller.id,
      createdAt: t.clock.now.toISOString(),
    });
    const repriced = await putOnSale(t, seller, editionId, '3');
    expect(repriced).toMatchObject({ statusCode: 200, listing: { id: created.listing.id, price: '3.00' } });
    const activity = await get(t, `/api/stickers/${pack.id}/activity`);
    expect(activity.body.items.map((i: { type: string; price: string }) => [i.type, i.price])).toEqual([
      ['reprice', '3.00'],
      ['list', '2.50'],
      ['mint', '1.00'],
    ]);
  });

  it('delists (204): 404 when not listed, 403 for another user, and 409 while a buyer holds it', async () => {
    const { seller, editionId, pack } = await ownedEdition(t);
    const del = async (user = seller) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/editions/${editionId}/listing`,
        headers: await authHeaders(t, user),
      });
    expect((await del()).statusCode).toBe(404);
    const { listing } = await putOnSale(t, seller, editionId, '2');
    expect((await del(await createUser(t))).statusCode).toBe(403);

    const buyer = await createUser(t);
    const held = await buyListing(t, buyer, listing.id);
    expect(held.statusCode).toBe(201);
    expect(await putOnSale(t, seller, editionId, '5')).toMatchObject({
      statusCode: 409,
      error: RESALE_ERRORS.beingBought,
    });
    // The buyer's signed transfer pays the seller until it expires: the hold is not released early.
    const refused = await del();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: RESALE_ERRORS.beingBought });
    const [still] = await t.db.select().from(tables.orders).where(eq(tables.orders.id, held.order.id));
    expect(still).toMatchObject({ status: 'reserved' });
    expect(await listingRow(t, listing.id)).toMatchObject({ status: 'active', priceNano: 2_000_000_000n });
    expect(await messagesOf(t, 'reservation_released')).toEqual([]);

    // The buyer walks away: once the reservation ends the seller may take it off sale.
    t.clock.advance(16 * 60 * 1000);
    expect((await del()).statusCode).toBe(204);
    expect(await listingRow(t, listing.id)).toMatchObject({ status: 'cancelled' });
    expect((await del()).statusCode).toBe(404);
    const activity = await get(t, `/api/stickers/${pack.id}/activity`);
    expect(activity.body.items[0]).toMatchObject({ type: 'delist', price: '2.00', from: { id: seller.id } });
    // A new listing after a cancelled one is a new row (one active listing per edition at a time).
    expect((await putOnSale(t, seller, editionId, '4')).statusCode).toBe(201);
  });
});
