import { API_ERRORS, STUDIO_ERRORS } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { DomainError } from '../errors.js';
import { getUserById, type UserRow } from './users.js';

/** What only creators may do, each with the refusal that names it. */
export type CreatorCapability = 'upload' | 'studio';

const REFUSAL: Record<CreatorCapability, string> = {
  upload: API_ERRORS.creatorsOnly,
  studio: STUDIO_ERRORS.creatorsOnly,
};

/** The user, who must be a creator (an unknown user is not one). */
export async function requireCreator(db: DbOrTx, userId: number, capability: CreatorCapability): Promise<UserRow> {
  const user = await getUserById(db, userId);
  if (!user?.isCreator) throw new DomainError('forbidden', REFUSAL[capability]);
  return user;
}
