import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_ERRORS, type PackDetail } from '@stickerdrop/shared';
import { createPack, getPackDetail, getUserById } from '@stickerdrop/core';
import { forbidden } from '../../http/errors.js';
import { requireUser } from '../../http/auth.js';
import { readCreatePackForm } from './create-pack-form.js';

/** `POST /api/stickers`: a creator uploads a new pack. */
export async function createPackRoutes(app: FastifyInstance): Promise<void> {
  /** Runs before the body is parsed, so nobody but a creator gets 5 MB files read on their behalf. */
  async function requireCreator(request: FastifyRequest): Promise<void> {
    const userId = requireUser(request);
    const user = await getUserById(app.deps.db, userId);
    if (!user?.isCreator) throw forbidden(API_ERRORS.creatorsOnly);
  }

  app.post('/api/stickers', { onRequest: requireCreator }, async (request, reply) => {
    const creatorId = request.userId!;
    const input = await readCreatePackForm(request);
    const packId = await createPack(app.deps, creatorId, input);
    const sticker: PackDetail | null = await getPackDetail(app.deps.db, packId, creatorId, app.deps.now());
    return reply.status(201).send({ sticker });
  });
}
