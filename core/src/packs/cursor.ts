import { API_ERRORS, MAX_PACK_ID, type ListSort } from '@stickerdrop/shared';
import { DomainError } from '../errors.js';

/**
 * Keyset position after the last pack of a page: the sort it belongs to, that pack's sort key and its id.
 * Keys are exact: trending is the stored float4 score (its shortest text round-trips), newest is the
 * creation time in epoch microseconds, prices are nanotons; the two last travel as decimal strings.
 */
export interface Cursor {
  sort: ListSort;
  key: number | string;
  id: number;
}

/** Largest finite float4, the type of trending_score. */
const MAX_REAL = 3.4e38;
/**
 * Keys a real cursor can hold, kept inside what the query casts them to, so a forged one is refused and never
 * an overflow in the database: prices fit bigint, creation times stay below the year 2286 in microseconds.
 */
const KEY_PATTERN: Record<Exclude<ListSort, 'trending'>, RegExp> = {
  /** The rank (0–3), then the trending score as Postgres writes a float4. */
  relevance: /^[0-3]:-?\d{1,39}(?:\.\d{1,9})?(?:e[-+]\d{1,2})?$/,
  newest: /^-?\d{1,16}$/,
  price_low: /^\d{1,18}$/,
  price_high: /^\d{1,18}$/,
};

function validKey(sort: ListSort, key: unknown): key is number | string {
  if (sort === 'trending') return typeof key === 'number' && Math.abs(key) <= MAX_REAL;
  return typeof key === 'string' && KEY_PATTERN[sort].test(key);
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString('base64url');
}

/** The cursor for `sort`, or an invalidCursor refusal when it is malformed or was made for another sort. */
export function decodeCursor(text: string, sort: ListSort): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw new DomainError('invalid_input', API_ERRORS.invalidCursor);
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw new DomainError('invalid_input', API_ERRORS.invalidCursor);
  const [cursorSort, key, id] = parsed as unknown[];
  if (cursorSort !== sort) throw new DomainError('invalid_input', API_ERRORS.invalidCursor);
  const validId = typeof id === 'number' && Number.isInteger(id) && id >= 0 && id <= MAX_PACK_ID;
  if (!validId || !validKey(sort, key)) throw new DomainError('invalid_input', API_ERRORS.invalidCursor);
  return { sort, key, id };
}
