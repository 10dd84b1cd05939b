/** Offers: non-binding bids on an edition or a pack; accepting one makes a resale order. */
export { makeOffer, type MakeOfferInput } from './make.js';
export { acceptOffer, type AcceptOfferInput } from './accept.js';
export { declineOffer, withdrawOffer, expireOffers } from './close.js';
export { offerExpirer } from './expiry-job.js';
export { myOffers, packOffers } from './read.js';
export { noticeTarget, offerNotices, offers } from './tables.js';
export { noticeMessageOf, recordNoticeMessage, NOTICE_INTERVAL_MS } from './holder-notices.js';
export { offerSaleTerms, requireOfferSaleTerms, type OfferSaleConfig, type OfferSaleTerms } from './sale-terms.js';
