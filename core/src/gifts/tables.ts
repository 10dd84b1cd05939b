export { gifts, type GiftRow } from '../db/schema-gifts.js';
export { giftExpiry, newGiftCode } from '../sales/bought-gift.js';
