import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { RESALE_ERRORS } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { authHeaders, demoPay, orderRow, outboxRows } from '../orders/fixtures.js';
import { buyListing, get, ledgerOf, listingRow, ownedEdition, putOnSale } from './fixtures.js';
import { tables } from '@stickerdrop/core/testing';

describeEachDatabase('resale: buying a listing', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  it('refuses: unknown or delisted 409, own edition 400, held by another 409; the same buyer gets their order back', async () => {
    const { seller, editionId } = await ownedEdition(t);
    const buyer = await createUser(t);
    expect(await buyListing(t, buyer, 424242)).toMatchObject({ statusCode: 409, error: RESALE_ERRORS.noLongerForSale });
    const { listing } = await putOnSale(t, seller, editionId, '2');
    expect(await buyListing(t, seller, listing.id)).toMatchObject({ statusCode: 400, error: RESALE_ERRORS.ownEdition });
    for (const method of ['stars', 'stripe']) {
      expect(await buyListing(t, buyer, listing.id, method)).toMatchObject({
        statusCode: 400,
        error: RESALE_ERRORS.tonOnly,
      });
    }
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/marketplace/buy',
      payload: { listingId: listing.id },
    });
    expect(signedOut.statusCode).toBe(401);

    const first = await buyListing(t, buyer, listing.id);
    expect(first.statusCode).toBe(201);
    expect(first.order).toMatchObject({
      kind: 'resale',
      listingId: listing.id,
      editionId,
      serial: 1,
      amount: '2.00',
      status: 'reserved',
      edition: null,
      payment: { kind: 'demo' },
    });
    expect(await buyListing(t, buyer, listing.id)).toMatchObject({ statusCode: 200, order: { id: first.order.id } });
    const rival = await createUser(t);
    expect(await buyListing(t, rival, listing.id)).toMatchObject({
      statusCode: 409,
      error: RESALE_ERRORS.noLongerForSale,
    });
    // While held it is not buyable, so it leaves the listings and the floor.
    expect((await get(t, `/api/stickers/${(await listingRow(t, listing.id)).packId}/listings`)).body).toEqual({
      items: [],
      floorPrice: null,
      count: 0,
    });
    t.clock.advance(16 * 60 * 1000);
    expect((await buyListing(t, rival, listing.id)).statusCode).toBe(201);
  });

  it('a paid resale moves the edition, sells the listing, writes three ledger legs and the three messages, in one go', async () => {
    // Creator without a wallet: the royalty is owed to them and rides in the fee leg.
    const { seller, editionId, pack } = await ownedEdition(t, { royaltyBps: 1000, creatorWallet: null });
    const { listing } = await putOnSale(t, seller, editionId, '3.33');
    const buyer = await createUser(t);
    const bought = await buyListing(t, buyer, listing.id);
    const before = (await outboxRows(t)).length;
    const paid = await demoPay(t, buyer, bought.order.id);
    expect(paid.order).toMatchObject({ status: 'paid', edition: 1, serial: 1, kind: 'resale' });

    const [edition] = await t.db.select().from(tables.editions).where(eq(tables.editions.id, editionId));
    expect(edition!.ownerId).toBe(buyer.id);
    expect(await listingRow(t, listing.id)).toMatchObject({ status: 'sold', soldOrderId: bought.order.id });
    expect(await orderRow(t, bought.order.id)).toMatchObject({ status: 'paid', paymentRef: `demo:${bought.order.id}` });
    // 3.33 TON: royalty 10 % = 0.333, fee 2.5 % = 0.08325, seller the rest; exactly the price.
    const legs = await ledgerOf(t, bought.order.id);
    expect(legs.map((l) => [l.leg, l.amountNano, l.status, l.recipientId])).toEqual([
      ['seller', 2_913_750_000n, 'paid', seller.id],
      ['royalty', 333_000_000n, 'owed', pack.creator.id],
      ['fee', 83_250_000n, 'paid', null],
    ]);
    expect(legs.reduce((sum, l) => sum + l.amountNano, 0n)).toBe(3_330_000_000n);

    const messages = (await outboxRows(t)).slice(before);
    expect(messages.map((m) => m.kind)).toEqual([
      'resale_receipt',
      'resale_sold',
      'resale_royalty',
      'sticker_set_revoke',
    ]);
    expect(messages[1]!.payload).toMatchObject({ sellerId: seller.id, sellerShare: '2.91375', price: '3.33' });
    expect(messages[2]!.payload).toMatchObject({ creatorId: pack.creator.id, royalty: '0.333', royaltyOwed: true });
    expect(messages[3]!.payload).toEqual({ userId: seller.id, packId: pack.id });

    // Downloads follow the edition: the buyer owns the pack now, the seller no longer does.
    expect((await get(t, `/api/stickers/${pack.id}`, buyer)).body).toMatchObject({ isOwned: true, edition: 1 });
    expect((await get(t, `/api/stickers/${pack.id}`, seller)).body).toMatchObject({ isOwned: false });
    const download = await get(t, `/api/stickers/${pack.id}/download`, seller);
    expect(download.statusCode).toBe(403);
    // Paying again changes nothing.
    expect((await demoPay(t, buyer, bought.order.id)).order.status).toBe('paid');
    expect(await ledgerOf(t, bought.order.id)).toHaveLength(3);
    expect((await buyListing(t, await createUser(t), listing.id)).statusCode).toBe(409);
  });

  it('a seller who owns another edition keeps the pack (no sticker set removal); a paid royalty is marked paid', async () => {
    const first = await ownedEdition(t, { creatorWallet: 5 });
    const { seller, pack } = first;
    // The seller buys a second edition from someone else's listing.
    const other = await ownedEdition(t, { pack });
    const { listing: otherListing } = await putOnSale(t, other.seller, other.editionId, '1');
    await demoPay(t, seller, (await buyListing(t, seller, otherListing.id)).order.id);

    const { listing } = await putOnSale(t, seller, first.editionId, '2');
    const buyer = await createUser(t);
    const order = (await buyListing(t, buyer, listing.id)).order;
    await demoPay(t, buyer, order.id);
    const kinds = (await outboxRows(t)).filter((m) => (m.payload as { orderId?: string }).orderId === order.id);
    expect(kinds.map((m) => m.kind)).toEqual(['resale_receipt', 'resale_sold', 'resale_royalty']);
    expect((await ledgerOf(t, order.id)).map((l) => l.status)).toEqual(['paid', 'paid', 'paid']);
    expect((await get(t, `/api/stickers/${pack.id}`, seller)).body).toMatchObject({
      isOwned: true,
      edition: other.serial,
    });
  });

  it('a payment after the reservation lapsed and the listing was delisted transfers nothing (refund_required)', async () => {
    const { seller, editionId } = await ownedEdition(t);
    const { listing } = await putOnSale(t, seller, editionId, '2');
    const buyer = await createUser(t);
    const order = (await buyListing(t, buyer, listing.id)).order;
    t.clock.advance(16 * 60 * 1000);
    const delisted = await t.app.inject({
      method: 'DELETE',
      url: `/api/editions/${editionId}/listing`,
      headers: await authHeaders(t, seller),
    });
    expect(delisted.statusCode).toBe(204);
    const paid = await demoPay(t, buyer, order.id);
    expect(paid.order.status).toBe('refund_required');
    const [edition] = await t.db.select().from(tables.editions).where(eq(tables.editions.id, editionId));
    expect(edition!.ownerId).toBe(seller.id);
    expect(await ledgerOf(t, order.id)).toEqual([]);
    expect((await outboxRows(t)).at(-1)).toMatchObject({
      kind: 'refund_required',
      payload: { reason: 'listing_gone' },
    });
  });
});
