/**
 * A pack's rating, 0–5 with one decimal: the share of people who engaged with the pack that liked it.
 * "Engaged" is the largest of: the people who liked it, its owners, and one in ten views (most views are
 * browsing, so ten views count as one considered look). No engagement yet means 0, not a made-up score.
 * Examples: 3 likes, 4 owners, 20 views → 5 × 3/4 = 3.8; 10 likes, 2 owners, 50 views → 5.0.
 */
export function packRating(pack: { likes: number; owners: number; views: number }): number {
  const engaged = Math.max(pack.likes, pack.owners, Math.ceil(pack.views / 10));
  if (engaged === 0) return 0;
  return Math.round((50 * pack.likes) / engaged) / 10;
}
