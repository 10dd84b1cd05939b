import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PackDetail } from '@stickerdrop/shared';
import {
  DomainError,
  IMAGE_POOL_RETRY_AFTER_S,
  createPack,
  getPackDetail,
  requireCreator as requireCreatorUser,
} from '@stickerdrop/core';
import { requireUser } from '../../http/auth.js';
import { withCreatePackForm } from './create-pack-form.js';

/** `POST /api/stickers`: a creator uploads a new pack. */
export async function createPackRoutes(app: FastifyInstance): Promise<void> {
  const { config, db, fileUrls, imagePool, now } = app.deps;

  /** Runs before the body is parsed, so nobody but a creator gets 5 MB files read on their behalf. */
  async function requireCreator(request: FastifyRequest): Promise<void> {
    await requireCreatorUser(db, requireUser(request), 'upload');
  }

  app.post('/api/stickers', { onRequest: requireCreator }, async (request, reply) => {
    const creatorId = request.userId!;
    const deps = { ...app.deps, imagePool, maxPixelsPerRequest: config.uploads.maxPixelsPerRequest };
    const packId = await withCreatePackForm(request, config.uploads, (input) =>
      createPack(deps, creatorId, input),
    ).catch((error: unknown) => {
      // The image pool's queue is full: the upload may be sent again in a moment.
      if (error instanceof DomainError && error.code === 'unavailable')
        reply.header('Retry-After', String(IMAGE_POOL_RETRY_AFTER_S));
      throw error;
    });
    const sticker: PackDetail | null = await getPackDetail(db, packId, creatorId, now(), fileUrls);
    return reply.status(201).send({ sticker });
  });
}
