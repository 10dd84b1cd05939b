import { MESSAGES } from '@stickerdrop/shared';
import { notFound } from '../../http/errors.js';
import { MAX_PACK_ID } from './queries.js';

const ID = /^[1-9]\d{0,9}$/;

/** The pack id of a `:id` path segment; anything that cannot be a pack id is a 404, like a missing pack. */
export function packIdParam(raw: unknown): number {
  const id = typeof raw === 'string' && ID.test(raw) ? Number(raw) : NaN;
  if (!(id <= MAX_PACK_ID)) throw notFound(MESSAGES.packNotFound);
  return id;
}
