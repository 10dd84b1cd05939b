export * from './common.js';
export * from './user.js';
export * from './auth.js';
export * from './pack.js';
export * from './order.js';
export * from './wallet.js';
export * from './resale.js';
export * from './offer.js';
