import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isValidKey } from '@stickerdrop/core';
import { notFound } from '../../http/errors.js';

/** A stored file never changes under its key (every upload gets a new one), so caches may keep it forever. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

export function etagOf(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
}

/** `GET /files/<key>`: the stored pack images, public, with the type the server chose when storing them. */
export async function filesRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { '*': string } }>('/files/*', async (request, reply) => {
    const key = request.params['*'];
    const file = isValidKey(key) ? await app.deps.storage.get(key) : null;
    if (!file) throw notFound();
    const etag = etagOf(file.bytes);
    reply
      .header('Content-Type', file.contentType)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', IMMUTABLE_CACHE)
      .header('ETag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.send(file.bytes);
  });
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
