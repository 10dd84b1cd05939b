import { z } from 'zod';

/** A TON amount on the wire: an exact decimal string ("1.50"), never a float. */
export const TonAmount = z.string().regex(/^-?\d+\.\d{2,9}$/);
export const IsoDate = z.string();
export const PackId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ErrorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;
