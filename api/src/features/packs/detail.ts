import { packRating } from '@stickerdrop/core';

/**
 * A pack's detail as `GET /api/stickers/:id` answers it: its views with `pendingViews` (counted, not yet
 * written) added, and the rating they make. The document of a pack's page embeds the same answer.
 */
export function detailWithViews<T extends { views: number; likes: number; owners: number }>(
  detail: T,
  pendingViews: number,
): T & { rating: number } {
  const views = detail.views + pendingViews;
  return { ...detail, views, rating: packRating({ ...detail, views }) };
}
