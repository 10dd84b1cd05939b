import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { OFFER_ERRORS, RESALE_ERRORS, STARS_LOCK_TEXTS, starsLockEnd } from '@stickerdrop/shared';
import { expireOffers, tables } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { createPack, demoPay, orderRow, packRow } from '../orders/fixtures.js';
import { buyListing, get, ledgerOf, listingRow, ownedEdition, putOnSale } from '../resale/fixtures.js';
import { acceptOffer, answerOffer, makeOffer, messagesOf, mine, offerRow } from './fixtures.js';

const MINUTE_MS = 60 * 1000;

describeEachDatabase('offers: accepting, declining, withdrawing, expiring', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  it('accept makes a resale order for the bidder at the offer price, holding the edition against its listing', async () => {
    const { pack, seller, editionId } = await ownedEdition(t);
    const { listing } = await putOnSale(t, seller, editionId, '5');
    const bidder = await createUser(t);
    const stranger = await createUser(t);
    const { offer } = await makeOffer(t, bidder, { editionId, price: '3' });

    expect(await acceptOffer(t, stranger, offer.id)).toMatchObject({ statusCode: 403, error: RESALE_ERRORS.notOwner });
    expect(await acceptOffer(t, seller, 987654)).toMatchObject({ statusCode: 404, error: OFFER_ERRORS.notFound });
    expect(await acceptOffer(t, seller, offer.id, editionId + 1)).toMatchObject({
      statusCode: 400,
      error: OFFER_ERRORS.wrongEdition,
    });
    const accepted = await acceptOffer(t, seller, offer.id);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.order).toMatchObject({
      kind: 'resale',
      offerId: offer.id,
      editionId,
      serial: 1,
      stickerId: pack.id,
      amount: '3.00',
      status: 'reserved',
      payment: { kind: 'demo' },
    });
    expect(accepted.order.listingId).toBeUndefined();
    expect((await orderRow(t, accepted.order.id)).userId).toBe(bidder.id);
    expect(await offerRow(t, offer.id)).toMatchObject({
      status: 'accepted',
      sellerId: seller.id,
      orderId: accepted.order.id,
    });
    expect(await acceptOffer(t, seller, offer.id)).toMatchObject({ statusCode: 409, error: OFFER_ERRORS.noLongerOpen });

    // Held: the listing is neither buyable nor changeable, and a second offer cannot be accepted meanwhile.
    const buyer = await createUser(t);
    expect(await buyListing(t, buyer, listing.id)).toMatchObject({
      statusCode: 409,
      error: RESALE_ERRORS.noLongerForSale,
    });
    expect((await get(t, `/api/stickers/${pack.id}/listings`)).body.count).toBe(0);
    expect(await putOnSale(t, seller, editionId, '6')).toMatchObject({
      statusCode: 409,
      error: RESALE_ERRORS.beingBought,
    });
    const other = await makeOffer(t, buyer, { editionId, price: '4' });
    expect(await acceptOffer(t, seller, other.offer.id)).toMatchObject({
      statusCode: 409,
      error: RESALE_ERRORS.beingBought,
    });

    const [told] = await messagesOf(t, 'offer_accepted');
    expect(told).toMatchObject({
      offerId: offer.id,
      bidderId: bidder.id,
      orderId: accepted.order.id,
      serial: 1,
      price: '3.00',
      title: (await packRow(t, pack.id)).title,
    });
    expect((await mine(t, bidder)).made[0]).toMatchObject({
      id: offer.id,
      status: 'accepted',
      order: { id: accepted.order.id, status: 'reserved' },
    });

    // Paid: the edition moves at the offer's price, the listing closes, the ledger and the feed have the sale.
    const paid = await demoPay(t, bidder, accepted.order.id);
    expect(paid.order).toMatchObject({ status: 'paid', edition: 1 });
    const [edition] = await t.db.select().from(tables.editions).where(eq(tables.editions.id, editionId));
    expect(edition!.ownerId).toBe(bidder.id);
    expect((await listingRow(t, listing.id)).status).toBe('cancelled');
    const legs = await ledgerOf(t, accepted.order.id);
    expect(legs.reduce((sum, leg) => sum + leg.amountNano, 0n)).toBe(3_000_000_000n);
    expect((await messagesOf(t, 'resale_sold'))[0]).toMatchObject({
      sellerId: seller.id,
      buyerId: bidder.id,
      price: '3.00',
    });
    const history = (await get(t, `/api/editions/${editionId}`)).body as {
      history: Array<{ type: string; price: string }>;
    };
    expect(history.history[0]).toMatchObject({ type: 'sale', price: '3.00' });
  });

  it('an accepted offer not paid in time reopens nothing: the listing is buyable again, the offer stays accepted', async () => {
    const { seller, editionId } = await ownedEdition(t);
    const { listing } = await putOnSale(t, seller, editionId, '5');
    const bidder = await createUser(t);
    const { offer } = await makeOffer(t, bidder, { editionId, price: '3' });
    const accepted = await acceptOffer(t, seller, offer.id);
    t.clock.advance(16 * MINUTE_MS);
    expect((await offerRow(t, offer.id)).status).toBe('accepted');
    expect((await mine(t, bidder)).made[0]).toMatchObject({ status: 'accepted', order: { status: 'expired' } });
    const buyer = await createUser(t);
    const bought = await buyListing(t, buyer, listing.id);
    expect(bought).toMatchObject({ statusCode: 201, order: { amount: '5.00' } });
    // The bidder paying late now buys nothing: the edition is held by another buyer.
    const late = await demoPay(t, bidder, accepted.order.id);
    expect(late.order.status).toBe('refund_required');
    expect((await orderRow(t, accepted.order.id)).status).toBe('refund_required');
    expect((await messagesOf(t, 'refund_required'))[0]).toMatchObject({ reason: 'offer_gone' });
    expect((await demoPay(t, buyer, bought.order.id)).order.status).toBe('paid');
  });

  it('a pack-wide offer: any holder accepts with an edition of the pack; not without one, another pack’s, or their own offer', async () => {
    const a = await ownedEdition(t);
    const b = await ownedEdition(t, { pack: a.pack });
    const elsewhere = await ownedEdition(t);
    const { offer } = await makeOffer(t, b.seller, { packId: a.pack.id, price: '2' });
    expect(await acceptOffer(t, a.seller, offer.id)).toMatchObject({
      statusCode: 400,
      error: OFFER_ERRORS.editionRequired,
    });
    expect(await acceptOffer(t, elsewhere.seller, offer.id, elsewhere.editionId)).toMatchObject({
      statusCode: 400,
      error: OFFER_ERRORS.wrongPack,
    });
    expect(await acceptOffer(t, a.seller, offer.id, b.editionId)).toMatchObject({
      statusCode: 403,
      error: RESALE_ERRORS.notOwner,
    });
    expect(await acceptOffer(t, b.seller, offer.id, b.editionId)).toMatchObject({
      statusCode: 400,
      error: OFFER_ERRORS.ownOffer,
    });
    const accepted = await acceptOffer(t, a.seller, offer.id, a.editionId);
    expect(accepted).toMatchObject({ statusCode: 201, order: { editionId: a.editionId, amount: '2.00' } });
    expect((await messagesOf(t, 'offer_accepted'))[0]).toMatchObject({ editionId: a.editionId, serial: a.serial });
  });

  it('with a TON rail the order carries the legs; a seller without a wallet cannot accept', async () => {
    const ton = await buildTestApp({
      kind,
      config: {
        demo: false,
        paymentMethods: ['ton'],
        ton: { receiver: `0:${'ab'.repeat(32)}`, indexerUrl: 'http://127.0.0.1:9', network: 'testnet', usdRate: '5' },
      },
    });
    try {
      // Demo is off here, so the edition is minted straight into the database.
      const { editionId, seller } = await mintDirectly(ton);
      const bidder = await createUser(ton);
      const { offer } = await makeOffer(ton, bidder, { editionId, price: '10' });
      await ton.db.update(tables.users).set({ walletAddress: null }).where(eq(tables.users.id, seller.id));
      expect(await acceptOffer(ton, seller, offer.id)).toMatchObject({
        statusCode: 409,
        error: RESALE_ERRORS.walletRequired,
      });
      await ton.db
        .update(tables.users)
        .set({ walletAddress: `0:${'11'.repeat(32)}` })
        .where(eq(tables.users.id, seller.id));
      const accepted = await acceptOffer(ton, seller, offer.id);
      expect(accepted.statusCode).toBe(201);
      expect(accepted.order.paymentMethod).toBe('ton');
      const payment = accepted.order.payment as {
        kind: string;
        messages: Array<{ amount: string }>;
        validUntil: number;
      };
      expect(payment.kind).toBe('ton');
      expect(payment.messages.reduce((sum, m) => sum + BigInt(m.amount), 0n)).toBe(10_000_000_000n);
      expect(payment.validUntil * 1000).toBeLessThanOrEqual(new Date(accepted.order.expiresAt).getTime());
    } finally {
      await ton.close();
    }
  });

  it('the Stars resale lock: no offer on an edition paid in Stars, nor accepting a pack-wide one with it, for 21 days', async () => {
    const locked = await ownedEdition(t);
    const free = await ownedEdition(t, { pack: locked.pack });
    await t.db
      .update(tables.editions)
      .set({ acquiredWith: 'stars', acquiredAt: t.clock.now })
      .where(eq(tables.editions.id, locked.editionId));
    const lockText = STARS_LOCK_TEXTS.lockedError(starsLockEnd(t.clock.now, 21));
    const bidder = await createUser(t);
    expect(await makeOffer(t, bidder, { editionId: locked.editionId, price: '2' })).toMatchObject({
      statusCode: 409,
      error: lockText,
    });
    const { offer } = await makeOffer(t, bidder, { packId: locked.pack.id, price: '2' });
    expect(await acceptOffer(t, locked.seller, offer.id, locked.editionId)).toMatchObject({
      statusCode: 409,
      error: lockText,
    });
    expect((await offerRow(t, offer.id)).status).toBe('open');
    expect((await acceptOffer(t, free.seller, offer.id, free.editionId)).statusCode).toBe(201);
    t.clock.advance(21 * 24 * 60 * MINUTE_MS + MINUTE_MS);
    expect((await makeOffer(t, bidder, { editionId: locked.editionId, price: '2' })).statusCode).toBe(201);
  });

  it('decline (owner) and withdraw (bidder): 204, the bidder told of a decline, 403 for anyone else, 409 once closed', async () => {
    const { seller, editionId } = await ownedEdition(t);
    const bidder = await createUser(t);
    const stranger = await createUser(t);
    const first = await makeOffer(t, bidder, { editionId, price: '2' });
    expect(await answerOffer(t, stranger, first.offer.id, 'decline')).toMatchObject({ statusCode: 403 });
    expect(await answerOffer(t, bidder, first.offer.id, 'decline')).toMatchObject({ statusCode: 403 });
    expect((await answerOffer(t, seller, first.offer.id, 'decline')).statusCode).toBe(204);
    expect((await offerRow(t, first.offer.id)).status).toBe('declined');
    expect(await answerOffer(t, seller, first.offer.id, 'decline')).toMatchObject({
      statusCode: 409,
      error: OFFER_ERRORS.noLongerOpen,
    });
    expect(await messagesOf(t, 'offer_declined')).toEqual([
      expect.objectContaining({ offerId: first.offer.id, bidderId: bidder.id, price: '2.00' }),
    ]);

    const second = await makeOffer(t, bidder, { editionId, price: '2' });
    expect(second.statusCode).toBe(201);
    expect(await answerOffer(t, seller, second.offer.id, 'withdraw')).toMatchObject({
      statusCode: 403,
      error: OFFER_ERRORS.notBidder,
    });
    expect((await answerOffer(t, bidder, second.offer.id, 'withdraw')).statusCode).toBe(204);
    expect((await offerRow(t, second.offer.id)).status).toBe('withdrawn');
    expect((await answerOffer(t, bidder, second.offer.id, 'withdraw')).statusCode).toBe(409);
    expect(await acceptOffer(t, seller, second.offer.id)).toMatchObject({ statusCode: 409 });
    for (const id of [987654, 'abc']) {
      expect(await answerOffer(t, bidder, id, 'withdraw')).toMatchObject({
        statusCode: 404,
        error: OFFER_ERRORS.notFound,
      });
    }
    expect(await messagesOf(t, 'offer_declined')).toHaveLength(1);
  });

  it('expiry: the sweep closes offers past their time once and tells each bidder; accepting then is 409', async () => {
    const { seller, editionId } = await ownedEdition(t);
    const bidder = await createUser(t);
    const short = await makeOffer(t, bidder, { editionId, price: '2', expiresInHours: 1 });
    const long = await makeOffer(t, bidder, { packId: short.offer.packId, price: '1', expiresInHours: 2 });
    expect(await expireOffers(t.db, t.clock.now)).toBe(0);
    t.clock.advance(60 * MINUTE_MS);
    expect(await acceptOffer(t, seller, short.offer.id)).toMatchObject({
      statusCode: 409,
      error: OFFER_ERRORS.noLongerOpen,
    });
    expect(await expireOffers(t.db, t.clock.now)).toBe(1);
    expect(await expireOffers(t.db, t.clock.now)).toBe(0);
    expect((await offerRow(t, short.offer.id)).status).toBe('expired');
    expect((await offerRow(t, long.offer.id)).status).toBe('open');
    expect(await messagesOf(t, 'offer_expired')).toEqual([
      expect.objectContaining({ offerId: short.offer.id, bidderId: bidder.id, serial: 1 }),
    ]);
  });
});

/** Outside demo mode there is no demo rail to buy with: the edition is written straight in. */
async function mintDirectly(t: TestApp) {
  const pack = await createPack(t, { priceNano: 1_000_000_000n });
  const seller = await createUser(t);
  const [order] = await t.db
    .insert(tables.orders)
    .values({
      userId: seller.id,
      packId: pack.id,
      status: 'paid',
      paymentMethod: 'ton',
      amountNano: 1_000_000_000n,
      expiresAt: t.clock.now,
      paidAt: t.clock.now,
    })
    .returning();
  const [edition] = await t.db
    .insert(tables.editions)
    .values({ packId: pack.id, serial: 1, ownerId: seller.id, orderId: order!.id, purchasePriceNano: 1_000_000_000n })
    .returning();
  await t.db.update(tables.packs).set({ soldCount: 1 }).where(eq(tables.packs.id, pack.id));
  return { editionId: edition!.id, seller };
}
