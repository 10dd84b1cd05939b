/** Resale: listings of editions, buying them wallet to wallet in TON, the ledger and the feed. */
export { listActivity, listActivityJson, recordActivity, ACTIVITY_PAGE_SIZE } from './activity.js';
export { buyListing, type BuyListingInput } from './buy.js';
export { CHAIN_GRACE_MS } from './resale-order.js';
export { listEdition, delistEdition } from './listings.js';
export { getEdition, packExists, packListings, packListingsJson, priceHistory } from './read.js';
export { listings, resaleLedger, activity } from './tables.js';
export { resaleTonPayment, legsPresent } from '../sales/ton-legs.js';
export { assertResellable, resellableFrom, editionPayment, type EditionAcquisition } from './stars-lock.js';
export { lockEdition } from './holds.js';
