import type { FastifyInstance } from 'fastify';
import { API_ERRORS, MESSAGES } from '@stickerdrop/shared';
import { forbidden, notFound, unauthorized } from '../../http/errors.js';
import { MAX_PACK_ID } from '../packs/queries.js';
import { findPackAccess, loadPackArchive, zipArchive } from './pack-zip.js';

/** `GET /api/stickers/:id/download`: the pack's stickers as a zip, for people who own an edition of it. */
export async function downloadsRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>('/api/stickers/:id/download', async (request, reply) => {
    const userId = request.userId;
    if (userId === null) {
      // A bad token still says so, so the client refreshes it instead of showing the sign-in prompt.
      throw unauthorized(request.badToken ? API_ERRORS.invalidToken : MESSAGES.downloadRequiresLogin);
    }
    const packId = parsePackId(request.params.id);
    const pack = packId === null ? null : await findPackAccess(app.deps.db, packId, userId);
    if (packId === null || !pack) throw notFound(MESSAGES.packNotFound);
    if (!pack.owned) throw forbidden(MESSAGES.downloadRequiresPurchase);

    const archive = await loadPackArchive(app.deps, { id: packId, ...pack });
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="${archive.slug}.zip"`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(zipArchive(archive));
  });
}

function parsePackId(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_PACK_ID ? id : null;
}
