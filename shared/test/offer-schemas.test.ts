import { describe, expect, it } from 'vitest';
import { AcceptOfferRequest, MyOffers, Offer, OfferRequest, PackOffers } from '../src/schemas/offer.js';

const offer = {
  id: 1,
  editionId: null,
  serial: null,
  packId: 7,
  pack: { id: 7, title: 'Space Cats', imageUrl: null },
  price: '2.50',
  expiresAt: '2026-11-24T00:00:00.000Z',
  createdAt: '2026-11-23T00:00:00.000Z',
  status: 'open',
  bidder: { id: 3, name: 'Ana' },
  order: null,
};

describe('offer schemas', () => {
  it('takes exactly one target and defaults the expiry to 24 hours', () => {
    expect(OfferRequest.parse({ packId: 7, price: '2.5' })).toEqual({ packId: 7, price: '2.5', expiresInHours: 24 });
    expect(OfferRequest.parse({ editionId: '4', price: '1', expiresInHours: 72 }).editionId).toBe(4);
    expect(OfferRequest.safeParse({ price: '1' }).success).toBe(false);
    expect(OfferRequest.safeParse({ packId: 7, editionId: 4, price: '1' }).success).toBe(false);
  });

  it('keeps the expiry within 1 to 72 hours', () => {
    expect(OfferRequest.safeParse({ packId: 7, price: '1', expiresInHours: 0 }).success).toBe(false);
    expect(OfferRequest.safeParse({ packId: 7, price: '1', expiresInHours: 73 }).success).toBe(false);
    expect(OfferRequest.safeParse({ packId: 7, price: '1', expiresInHours: 1.5 }).success).toBe(false);
  });

  it('lets accept omit the edition (edition offers) and describes offers, lists and mine', () => {
    expect(AcceptOfferRequest.parse({})).toEqual({});
    expect(AcceptOfferRequest.parse({ editionId: 9 })).toEqual({ editionId: 9 });
    expect(Offer.parse(offer)).toEqual(offer);
    expect(PackOffers.parse({ items: [offer], best: '2.50' }).best).toBe('2.50');
    expect(MyOffers.safeParse({ made: [offer], received: [] }).success).toBe(true);
    expect(Offer.safeParse({ ...offer, status: 'pending' }).success).toBe(false);
  });
});
