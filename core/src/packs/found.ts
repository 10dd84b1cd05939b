import { MESSAGES, RESALE_ERRORS } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { DomainError } from '../errors.js';
import { packExists } from '../resale/read.js';

/** A read of one pack that found none (null) is the refusal every edge gives for an unknown pack. */
export function foundPack<T>(value: T | null): T {
  if (value === null) throw new DomainError('not_found', MESSAGES.packNotFound);
  return value;
}

/** As `foundPack`, for one edition. */
export function foundEdition<T>(value: T | null): T {
  if (value === null) throw new DomainError('not_found', RESALE_ERRORS.editionNotFound);
  return value;
}

/** Refuses an unknown pack before reading what belongs to it (its activity, its price history). */
export async function requirePack(db: DbOrTx, packId: number): Promise<void> {
  if (!(await packExists(db, packId))) throw new DomainError('not_found', MESSAGES.packNotFound);
}
