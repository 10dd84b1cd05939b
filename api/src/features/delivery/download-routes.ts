import type { FastifyInstance } from 'fastify';
import { loadPackArchive, zipArchive } from '@stickerdrop/core';
import { requirePackOwner } from './owner-access.js';

/** `GET /api/stickers/:id/download`: the pack's stickers as a zip, for people who own an edition of it. */
export async function downloadsRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>('/api/stickers/:id/download', async (request, reply) => {
    const { packId, pack } = await requirePackOwner(request, app.deps.db);
    const archive = await loadPackArchive(app.deps, { id: packId, ...pack });
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="${archive.slug}.zip"`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(zipArchive(archive));
  });
}
