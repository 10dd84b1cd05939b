import { MESSAGES, parsePackId } from '@stickerdrop/shared';
import { notFound } from '../../http/errors.js';

/** The pack id of a `:id` path segment; anything that cannot be a pack id is a 404, like a missing pack. */
export function packIdParam(raw: unknown): number {
  const id = parsePackId(typeof raw === 'string' ? raw : null);
  if (id === null) throw notFound(MESSAGES.packNotFound);
  return id;
}
