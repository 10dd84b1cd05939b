import { afterEach, beforeEach, expect, it } from 'vitest';
import { OFFER_ERRORS, RESALE_ERRORS } from '@stickerdrop/shared';
import {
  type Database,
  acceptOffer,
  declineOffer,
  makeOffer,
  packOffers,
  requireOfferSaleTerms,
} from '../../src/index.js';
import { testConfig } from '../../src/testing.js';
import { describeEachDatabase, freshDatabase, type TestDatabase } from '../support/db.js';
import { buyAndPay, createUser, insertPack } from '../support/market.js';

const NOW = new Date('2026-03-01T12:00:00Z');
const DEMO_TERMS = { ton: null, feeBps: 500, starsLockDays: 0 };

describeEachDatabase('offers: who may bid, and what accepting needs', (kind) => {
  let handle: TestDatabase;
  let db: Database;
  let pack: number;
  let owner: number;
  let editionId: number;
  beforeEach(async () => {
    handle = await freshDatabase(kind);
    db = handle.db;
    pack = await insertPack(db, await createUser(db, { isCreator: true }));
    owner = await createUser(db);
    editionId = (await buyAndPay(db, owner, pack, NOW)).editionId!;
  });
  afterEach(() => handle.close());

  const offer = (userId: number, target: { editionId?: number; packId?: number }, price = '2', maxOpenOffers = 20) =>
    makeOffer(db, { userId, ...target, price, expiresInHours: 24, starsLockDays: 0, maxOpenOffers, now: NOW });

  it('takes an offer on an edition, and a second one from the same bidder replaces it', async () => {
    const bidder = await createUser(db);
    const first = await offer(bidder, { editionId }, '2');
    const second = await offer(bidder, { editionId }, '3');
    expect([first.created, second.created]).toEqual([true, false]);
    expect(second.offer.id).toBe(first.offer.id);
    expect((await packOffers(db, pack, NOW)).items.map((item) => item.price)).toEqual(['3.00']);
  });

  it('refuses an offer on the bidder’s own edition and on an unknown one', async () => {
    await expect(offer(owner, { editionId })).rejects.toMatchObject({
      code: 'own_edition',
      message: OFFER_ERRORS.ownEdition,
    });
    await expect(offer(await createUser(db), { editionId: 999_999 })).rejects.toMatchObject({
      code: 'not_found',
      message: RESALE_ERRORS.editionNotFound,
    });
  });

  it('caps a bidder’s open offers; repricing one does not count as another', async () => {
    const bidder = await createUser(db);
    const other = await insertPack(db, await createUser(db, { isCreator: true }));
    const third = await insertPack(db, await createUser(db, { isCreator: true }));
    await offer(bidder, { packId: pack }, '1', 2);
    await offer(bidder, { packId: other }, '1', 2);
    await offer(bidder, { packId: pack }, '1.5', 2);
    await expect(offer(bidder, { packId: third }, '1', 2)).rejects.toMatchObject({
      code: 'offer_limit',
      message: OFFER_ERRORS.tooMany(2),
    });
  });

  it('lets only the owner accept, and never an offer already declined', async () => {
    const bidder = await createUser(db);
    const { offer: made } = await offer(bidder, { editionId });
    const accept = (userId: number) => acceptOffer(db, { userId, offerId: made.id, ...DEMO_TERMS, now: NOW });
    await expect(accept(await createUser(db))).rejects.toMatchObject({
      code: 'forbidden',
      message: OFFER_ERRORS.notOwner,
    });
    await declineOffer(db, { userId: owner, offerId: made.id, now: NOW });
    await expect(accept(owner)).rejects.toMatchObject({ code: 'offer_closed', message: OFFER_ERRORS.noLongerOpen });
  });

  it('accepting reserves the edition for the bidder at the offer’s price', async () => {
    const bidder = await createUser(db);
    const { offer: made } = await offer(bidder, { editionId }, '2.5');
    const order = await acceptOffer(db, { userId: owner, offerId: made.id, ...DEMO_TERMS, now: NOW });
    expect(order).toMatchObject({ userId: bidder, status: 'reserved', amountNano: 2_500_000_000n });
  });

  it('refuses the offers of an unknown pack', async () => {
    await expect(packOffers(db, 424_242, NOW)).rejects.toMatchObject({ code: 'not_found' });
  });
});

it('an accepted offer is paid in TON, or on the demo rail in demo mode: elsewhere it is refused', () => {
  const base = testConfig({ demo: false, paymentMethods: ['stars'] });
  expect(() => requireOfferSaleTerms(base)).toThrow(
    expect.objectContaining({ code: 'payment_method_unavailable', message: RESALE_ERRORS.tonOnly }),
  );
  expect(requireOfferSaleTerms({ ...base, demo: true })).toMatchObject({ ton: null });
});
