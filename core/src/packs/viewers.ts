/**
 * Who has seen which pack today, so a page view counts at most once per viewer (a signed-in user, else a
 * client address) per UTC day: reloading a page, or a script fetching it in a loop, no longer moves the
 * view count, and with it the rating and trending. Kept in this process's memory and forgotten at midnight
 * UTC; past `maxEntries` in a day new viewers are not counted, so a flood of addresses cannot grow it.
 */
export interface ViewerLog {
  /** True the first time today that `viewer` opens `packId` (and records it), false after. */
  firstToday(packId: number, viewer: string): boolean;
}

export function createViewerLog(options: { now: () => Date; maxEntries?: number }): ViewerLog {
  const maxEntries = options.maxEntries ?? 200_000;
  let day = '';
  let seen = new Set<string>();
  return {
    firstToday(packId, viewer) {
      const today = options.now().toISOString().slice(0, 10);
      if (today !== day) {
        day = today;
        seen = new Set();
      }
      const key = `${packId}:${viewer}`;
      if (seen.has(key) || seen.size >= maxEntries) return false;
      seen.add(key);
      return true;
    },
  };
}
