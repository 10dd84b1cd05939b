import { RECENT_PURCHASE_DAYS, type CollectionFilter } from '../constants.js';

export interface FilterableItem {
  purchasedAt: string;
  isFavorite: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** SPEC §4: all, recent (purchased within the last 7 days), favorites. */
export function matchesCollectionFilter(
  item: FilterableItem,
  filter: CollectionFilter,
  now: Date = new Date(),
): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'recent':
      return now.getTime() - new Date(item.purchasedAt).getTime() <= RECENT_PURCHASE_DAYS * DAY_MS;
    case 'favorites':
      return item.isFavorite;
  }
}
