/**
 * How long an offer stays open, in hours. Here rather than beside the zod schemas: the mini-app's offer form
 * imports it, and a chunk that pulls in zod's schemas runs zod's eval probe, which the page's CSP refuses.
 */
export const OFFER_EXPIRY_HOURS = { min: 1, max: 72, default: 24 } as const;

/** The texts of the offers contract. */
export const OFFER_ERRORS = {
  ownEdition: 'You cannot make an offer on your own edition',
  notFound: 'Offer not found',
  noLongerOpen: 'This offer is no longer open',
  notOwner: 'You do not own this edition',
  notBidder: 'Only the bidder can withdraw this offer',
  editionRequired: 'Choose which of your editions to sell',
  wrongPack: 'This edition is not of the pack the offer is for',
  wrongEdition: 'This offer is for another edition',
  ownOffer: 'You cannot accept your own offer',
  tooMany: (max: number) => `You have ${max} open offers, the most one collector may have. Withdraw one first.`,
  priceChanged: (price: string) => `This offer is now ${price} TON. Open it again to accept the new price.`,
} as const;
