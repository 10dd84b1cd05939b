import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { CollectionItem, PackCard, PackDetail, PackListResponse } from '@stickerdrop/shared';
import { packQueries } from './queries';

type Patch = Partial<Pick<PackCard, 'isFavorite' | 'likes'>>;

/**
 * Marks a query of another feature whose data is a list of packs (the collection), so a like shows there
 * too without this feature knowing that one.
 */
export const PACK_ITEMS_META = { packItems: true } as const;

/** Applies a change to one pack wherever it is cached: detail, trending, marketplace pages, pack lists elsewhere. */
export function patchPackInCaches(queryClient: QueryClient, id: number, patch: Patch): void {
  const apply = <T extends { id: number }>(item: T): T => (item.id === id ? { ...item, ...patch } : item);
  queryClient.setQueryData<PackDetail>(packQueries.detailKey(id), (detail) =>
    detail ? { ...detail, ...patch } : detail,
  );
  queryClient.setQueriesData<PackCard[]>({ queryKey: [...packQueries.all(), 'trending'] }, (items) =>
    items?.map(apply),
  );
  queryClient.setQueriesData<InfiniteData<PackListResponse>>({ queryKey: packQueries.lists() }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(apply) })) } : data,
  );
  queryClient.setQueriesData<CollectionItem[]>({ predicate: (query) => query.meta?.packItems === true }, (items) =>
    items?.map(apply),
  );
}
