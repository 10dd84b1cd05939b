import { z } from 'zod';
import { MAX_PACK_ID } from '../pack-id.js';

/** A TON amount on the wire: an exact decimal string ("1.50"), never a float. */
export const TonAmount = z.string().regex(/^-?\d+\.\d{2,9}$/);
export const IsoDate = z.string();
/**
 * The id of a row whose key is a Postgres `integer` (packs, editions, listings, offers): a larger number can
 * name no row and must not reach a query, where it fails as out of range.
 */
export const RowId = z.coerce.number().int().positive().max(MAX_PACK_ID);
export const PackId = RowId;

export const ErrorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;
