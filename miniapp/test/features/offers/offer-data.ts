import { MyOffers, Offer, PackOffers, ReceivedOffer, formatTon, parseTon, splitResalePrice } from '@stickerdrop/shared';

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
/** A received offer: what accepting gives the owner (5 % royalty, 2.5 % fee), unlisted, not held, unless told. */
export function receivedOffer(base: Offer | ReceivedOffer, terms: Partial<ReceivedOffer> = {}): ReceivedOffer {
  const receive = formatTon(splitResalePrice(parseTon(base.price)!, 500, 250).seller);
  const editions = base.editionId === null ? [] : [{ editionId: base.editionId, serial: base.serial ?? 1 }];
  return ReceivedOffer.parse({
    receive,
    listingPrice: null,
    floor: null,
    held: false,
    editions: editions.map((edition) => ({ ...edition, listingPrice: null, held: false })),
    ...base,
    ...terms,
  });
}

export const myOffers = (made: Offer[], received: Array<Offer | ReceivedOffer>) =>
  MyOffers.parse({ made, received: received.map((item) => receivedOffer(item)) });
export { inHours };
