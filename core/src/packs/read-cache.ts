/**
 * A small in-process cache for read models that many visitors share (anonymous catalogue pages, trending,
 * stats). Entries live `ttlMs` on the app clock, so anything changed elsewhere shows within that time; a
 * miss is loaded once even when many requests ask at the same moment; a failed load is not kept; the
 * oldest entries go first beyond `maxEntries`, so odd queries cannot grow it without bound. `ttlMs` 0
 * turns it off.
 */
export interface ReadCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  clear(): void;
}

export function createReadCache<V>(options: { ttlMs: number; maxEntries: number; now: () => Date }): ReadCache<V> {
  const entries = new Map<string, { expiresAt: number; value: Promise<V> }>();
  return {
    get(key, load) {
      if (options.ttlMs <= 0) return load();
      const now = options.now().getTime();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit.value;
      entries.delete(key);
      const entry = { expiresAt: now + options.ttlMs, value: load() };
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
      return entry.value;
    },
    clear() {
      entries.clear();
    },
  };
}
