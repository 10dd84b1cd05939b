export { giftEdition, type GiftInput } from './make.js';
export { claimGift, cancelGift } from './claim.js';
export { getGift, listMyGifts, type ClaimUrlOf } from './read.js';
export { expireGifts, giftExpirer } from './expiry-job.js';
export { gifts, type GiftRow } from './tables.js';
