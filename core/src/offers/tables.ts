/** Offers live beside listings in resale's tables; the offers feature names them from here. */
export { offers, type OfferRow } from '../resale/tables.js';
