import type { FastifyInstance } from 'fastify';
import { listCollection } from '@stickerdrop/core';
import { collectionWorth } from '@stickerdrop/shared';
import { requireUser } from '../../http/auth.js';

/** GET /api/collection: the caller's editions; /worth: what they are worth together. */
export async function collectionRoutes(app: FastifyInstance): Promise<void> {
  const { config, db, now } = app.deps;
  const collectionOf = (userId: number) => listCollection(db, userId, now(), config.starsResaleLockDays);
  app.get('/api/collection', (request) => collectionOf(requireUser(request)));
  app.get('/api/collection/worth', async (request) => collectionWorth(await collectionOf(requireUser(request))));
}
