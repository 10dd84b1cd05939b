/** SPEC §5: client-side, case-insensitive search. */
export interface SearchablePack {
  title: string;
  description: string;
  creator: { username: string | null };
}

export interface SearchableCollectionItem {
  title: string;
  description: string;
  tags: readonly string[];
}

function contains(haystack: string | null | undefined, needle: string): boolean {
  return (haystack ?? '').toLowerCase().includes(needle);
}

/** Packs match on title, description and creator username. An empty query matches everything. */
export function packMatchesSearch(pack: SearchablePack, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return contains(pack.title, needle) || contains(pack.description, needle) || contains(pack.creator.username, needle);
}

/** Collection items match on title, description and tags. */
export function collectionItemMatchesSearch(item: SearchableCollectionItem, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return (
    contains(item.title, needle) || contains(item.description, needle) || item.tags.some((tag) => contains(tag, needle))
  );
}
