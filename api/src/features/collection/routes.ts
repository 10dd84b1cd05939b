import type { FastifyInstance } from 'fastify';
import { listCollection } from '@stickerdrop/core';
import { requireUser } from '../../http/auth.js';

/** GET /api/collection: the caller's purchased packs. */
export async function collectionRoutes(app: FastifyInstance): Promise<void> {
  const { config, db, now } = app.deps;
  app.get('/api/collection', (request) => listCollection(db, requireUser(request), now(), config.starsResaleLockDays));
}
