export { getMarketplaceStats } from './stats.js';
