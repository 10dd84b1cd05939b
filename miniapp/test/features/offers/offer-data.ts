import { MyOffers, Offer, PackOffers } from '@stickerdrop/shared';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000 + 30_000).toISOString();

/** An offer as the API sends it: checked against the shared schema, so the fixtures cannot drift. */
export function offer(overrides: Partial<Offer> = {}): Offer {
  return Offer.parse({
    id: 1,
    editionId: 40,
    serial: 4,
    packId: 1,
    pack: { id: 1, title: 'Space Cats', imageUrl: null },
    price: '2.50',
    expiresAt: inHours(23),
    createdAt: new Date().toISOString(),
    status: 'open',
    bidder: { id: 7, name: 'Ana' },
    order: null,
    ...overrides,
  });
}

export const packOffers = (items: Offer[]) => PackOffers.parse({ items, best: items[0]?.price ?? null });
export const myOffers = (made: Offer[], received: Offer[]) => MyOffers.parse({ made, received });
export { inHours };
