/**
 * Answers assembled from JSON text Postgres wrote (the cards, the activity items): joined as text, never
 * parsed and written again.
 */

/** The JSON text of an array of items that are JSON texts. */
export function jsonArrayText(items: readonly string[]): string {
  return `[${items.join(',')}]`;
}

/** The JSON text of a page, `{ items, nextCursor }` (PackListResponse, ActivityPage), of JSON-text items. */
export function pageJsonText(items: readonly string[], nextCursor: string | null): string {
  return `{"items":${jsonArrayText(items)},"nextCursor":${JSON.stringify(nextCursor)}}`;
}
