import type { FastifyRequest } from 'fastify';
import { API_ERRORS, MESSAGES } from '@stickerdrop/shared';
import { type DbOrTx, type PackAccess, requirePackOwner as requireOwnedPack } from '@stickerdrop/core';
import { unauthorized } from '../../http/errors.js';
import { packIdParam } from '../packs/params.js';

export interface OwnedPack {
  userId: number;
  packId: number;
  pack: PackAccess;
}

/**
 * What downloads and "Add to Telegram" both require: signed in (401), then core's refusals of a pack that
 * does not exist (404) or has no edition owned by the caller (403), checked in that order.
 */
export async function requirePackOwner(
  request: FastifyRequest<{ Params: { id: string } }>,
  db: DbOrTx,
): Promise<OwnedPack> {
  const userId = request.userId;
  if (userId === null) {
    // A bad token still says so, so the client refreshes it instead of showing the sign-in prompt.
    throw unauthorized(request.badToken ? API_ERRORS.invalidToken : MESSAGES.downloadRequiresLogin);
  }
  const packId = packIdParam(request.params.id);
  return { userId, packId, pack: await requireOwnedPack(db, packId, userId) };
}
