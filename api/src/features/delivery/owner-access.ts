import type { FastifyRequest } from 'fastify';
import { API_ERRORS, MESSAGES } from '@stickerdrop/shared';
import { type DbOrTx, findPackAccess, type PackAccess } from '@stickerdrop/core';
import { forbidden, notFound, unauthorized } from '../../http/errors.js';
import { packIdParam } from '../packs/params.js';

export interface OwnedPack {
  userId: number;
  packId: number;
  pack: PackAccess;
}

/**
 * What downloads and "Add to Telegram" both require: signed in (401), a pack that exists (404), and an
 * edition of it owned by the caller (403), checked in that order.
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
  const pack = await findPackAccess(db, packId, userId);
  if (!pack) throw notFound(MESSAGES.packNotFound);
  if (!pack.owned) throw forbidden(MESSAGES.downloadRequiresPurchase);
  return { userId, packId, pack };
}
