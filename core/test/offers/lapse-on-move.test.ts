import { afterEach, beforeEach, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  type Database,
  buyListing,
  claimGift,
  declineOffer,
  fulfilOrder,
  giftEdition,
  listEdition,
  makeOffer,
} from '../../src/index.js';
import { offers, tables } from '../../src/testing.js';
import { describeEachDatabase, freshDatabase, type TestDatabase } from '../support/db.js';
import { buyAndPay, createUser, insertPack } from '../support/market.js';

const NOW = new Date('2026-03-01T12:00:00Z');

describeEachDatabase('offers on an edition lapse when it changes hands', (kind) => {
  let handle: TestDatabase;
  let db: Database;
  let pack: number;
  let owner: number;
  let editionId: number;
  beforeEach(async () => {
    handle = await freshDatabase(kind);
    db = handle.db;
    pack = await insertPack(db, await createUser(db, { isCreator: true }), { title: 'Space Cats' });
    owner = await createUser(db);
    editionId = (await buyAndPay(db, owner, pack, NOW)).editionId!;
  });
  afterEach(() => handle.close());

  const offer = async (userId: number, target: { editionId?: number; packId?: number }) => {
    const input = { userId, ...target, price: '2', expiresInHours: 24, starsLockDays: 0, maxOpenOffers: 20 };
    return (await makeOffer(db, { ...input, now: NOW })).offer.id;
  };
  const statusOf = async (offerId: number) => (await db.select().from(offers).where(eq(offers.id, offerId)))[0]?.status;
  const lapseNotices = () => db.select().from(tables.outbox).where(eq(tables.outbox.kind, 'offer_lapsed'));

  it('a listed edition bought by someone else: its offers lapse and each bidder is told once; pack-wide ones stay', async () => {
    const bidder = await createUser(db);
    const buyer = await createUser(db);
    const onEdition = await offer(bidder, { editionId });
    const buyersOwn = await offer(buyer, { editionId });
    const packWide = await offer(await createUser(db), { packId: pack });
    // A seller is paid straight to their wallet.
    const wallet = `0:${'ab'.repeat(32)}`;
    await db.update(tables.users).set({ walletAddress: wallet }).where(eq(tables.users.id, owner));
    const { listing } = await listEdition(db, { userId: owner, editionId, price: '3', now: NOW, starsLockDays: 0 });
    const purchase = { paymentMethod: 'demo' as const, ton: null, feeBps: 250, now: NOW };
    const { order } = await buyListing(db, { userId: buyer, listingId: listing.id, ...purchase });
    expect((await fulfilOrder(db, { orderId: order.id, paymentRef: `demo:${order.id}`, now: NOW })).outcome).toBe(
      'fulfilled',
    );

    expect([await statusOf(onEdition), await statusOf(buyersOwn), await statusOf(packWide)]).toEqual([
      'lapsed',
      'lapsed',
      'open',
    ]);
    // The buyer holds the edition now: only the other bidder hears of it.
    const notices = await lapseNotices();
    expect(notices.map((row) => [row.dedupeKey, row.payload])).toEqual([
      [
        `offer-lapsed:${onEdition}`,
        expect.objectContaining({ offerId: onEdition, bidderId: bidder, editionId, serial: 1, title: 'Space Cats' }),
      ],
    ]);
  });

  it('a gift claimed: the offers on the edition lapse and their bidder is told', async () => {
    const bidder = await createUser(db);
    const onEdition = await offer(bidder, { editionId });
    const gift = await giftEdition(db, { userId: owner, editionId, hideSender: false, claimDays: 7, now: NOW });
    expect(await statusOf(onEdition)).toBe('open');
    await claimGift(db, { code: gift.code, userId: await createUser(db), now: NOW });

    expect(await statusOf(onEdition)).toBe('lapsed');
    expect((await lapseNotices()).map((row) => row.dedupeKey)).toEqual([`offer-lapsed:${onEdition}`]);
  });

  it('declines racing the claim that moves the edition: each offer ends once, and its bidder hears once why', async () => {
    const bidders = [await createUser(db), await createUser(db), await createUser(db), await createUser(db)];
    const offerIds = await Promise.all(bidders.map((bidder) => offer(bidder, { editionId })));
    const gift = await giftEdition(db, { userId: owner, editionId, hideSender: false, claimDays: 7, now: NOW });
    const claim = claimGift(db, { code: gift.code, userId: await createUser(db), now: NOW });
    const declines = offerIds.map((offerId) =>
      declineOffer(db, { userId: owner, offerId, now: NOW }).then(
        () => 'declined',
        (error: { code?: string }) => error.code,
      ),
    );
    const [, ...answers] = await Promise.all([claim, ...declines]);
    // A decline after the move is no longer the sender's to make; nothing else fails (no deadlock).
    for (const answer of answers) expect(['declined', 'forbidden']).toContain(answer);

    const notices = await db.select().from(tables.outbox);
    for (const offerId of offerIds) {
      const status = await statusOf(offerId);
      expect(['declined', 'lapsed']).toContain(status);
      const told = notices.filter(
        (row) => row.kind !== 'offer_received' && (row.payload as { offerId?: number }).offerId === offerId,
      );
      expect(told.map((row) => row.kind)).toEqual([`offer_${status}`]);
    }
  });
});
