import { parseTon, type Offer } from '@stickerdrop/shared';

const nano = (offer: Offer) => parseTon(offer.price) ?? 0n;

/**
 * Highest price first; among equal prices the earlier offer first, so the one marked Best is the one
 * that offered that price first (a later equal bid does not overtake it).
 */
export function bestFirst(offers: readonly Offer[]): Offer[] {
  return [...offers].sort((a, b) => {
    const byPrice = nano(b) - nano(a);
    if (byPrice !== 0n) return byPrice > 0n ? 1 : -1;
    return Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id;
  });
}
