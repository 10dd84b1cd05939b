import { API_ERRORS, type Sort } from '@stickerdrop/shared';
import { badRequest } from '../../http/errors.js';

/**
 * Keyset position after the last pack of a page: the sort it belongs to, that pack's sort key and its id.
 * Keys are exact: trending is the stored float4 score (its shortest text round-trips), newest is the
 * creation time in epoch microseconds, prices are nanotons; the two last travel as decimal strings.
 */
export interface Cursor {
  sort: Sort;
  key: number | string;
  id: number;
}

const DIGITS = /^-?\d{1,20}$/;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString('base64url');
}

/** The cursor for `sort`, or 400 invalidCursor when it is malformed or was made for another sort. */
export function decodeCursor(text: string, sort: Sort): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(API_ERRORS.invalidCursor);
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw badRequest(API_ERRORS.invalidCursor);
  const [cursorSort, key, id] = parsed as unknown[];
  if (cursorSort !== sort) throw badRequest(API_ERRORS.invalidCursor);
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw badRequest(API_ERRORS.invalidCursor);
  const validKey =
    sort === 'trending' ? typeof key === 'number' && Number.isFinite(key) : typeof key === 'string' && DIGITS.test(key);
  if (!validKey) throw badRequest(API_ERRORS.invalidCursor);
  return { sort, key: key as number | string, id };
}
