import { formatTonCents, matchesCollectionFilter, parseTon, type CollectionItem } from '@stickerdrop/shared';

/** SPEC §2: total spent with exactly 2 decimals, summed exactly in nanotons and rounded half up. */
export function totalSpent(items: readonly Pick<CollectionItem, 'purchasePrice'>[]): string {
  const nano = items.reduce((sum, item) => sum + (parseTon(item.purchasePrice) ?? 0n), 0n);
  return formatTonCents(nano);
}

export function collectionCounts(items: readonly CollectionItem[], now: Date = new Date()) {
  return {
    total: items.length,
    favorites: items.filter((item) => matchesCollectionFilter(item, 'favorites', now)).length,
    recent: items.filter((item) => matchesCollectionFilter(item, 'recent', now)).length,
  };
}
