export { getProfile, profileOf } from './profile.js';
export { primarySalesByPack, royaltiesByPack, resaleProceeds, purchases, sumNano } from './money.js';
