import { matchesCollectionFilter, parseTon, type CollectionItem } from '@stickerdrop/shared';

const CENT_NANO = 10_000_000n;

/** SPEC §2: total spent with exactly 2 decimals, summed exactly in nanotons and rounded half up. */
export function totalSpent(items: readonly Pick<CollectionItem, 'purchasePrice'>[]): string {
  const nano = items.reduce((sum, item) => sum + (parseTon(item.purchasePrice) ?? 0n), 0n);
  const cents = (nano + CENT_NANO / 2n) / CENT_NANO;
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

export function collectionCounts(items: readonly CollectionItem[], now: Date = new Date()) {
  return {
    total: items.length,
    favorites: items.filter((item) => matchesCollectionFilter(item, 'favorites', now)).length,
    recent: items.filter((item) => matchesCollectionFilter(item, 'recent', now)).length,
  };
}
