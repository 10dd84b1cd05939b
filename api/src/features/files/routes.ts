import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_ERRORS, cardImageOfVariant } from '@stickerdrop/shared';
import { isPublicKey, isValidKey, type SignedFileQuery } from '@stickerdrop/core';
import { forbidden, notFound } from '../../http/errors.js';

/** A stored file never changes under its key (every upload gets a new one), so caches may keep it forever. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

export function etagOf(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
}

/**
 * `GET /files/<key>`: the stored pack images with the type the server chose when storing them. Card images
 * and sticker previews (`previews/…`) are public; a full sticker file needs the signed link the pack's
 * detail gives its owners and creator, and is refused with 403 without one (expired, altered or absent).
 * A card image's narrower or wider variant (`<key>-<width>w.webp`) that a pack made before variants lacks is
 * answered with the card image itself, so every card's `srcset` works.
 */
export async function filesRoutes(app: FastifyInstance): Promise<void> {
  const { fileUrls, storage } = app.deps;

  app.get<{ Params: { '*': string }; Querystring: SignedFileQuery }>('/files/*', async (request, reply) => {
    const key = request.params['*'];
    if (!isValidKey(key)) throw notFound();
    const open = isPublicKey(key);
    if (!open && !fileUrls.verify(key, request.query)) throw forbidden(API_ERRORS.fileLinkInvalid);
    const variantOf = open ? cardImageOfVariant(key) : null;
    const file = (await storage.get(key)) ?? (variantOf ? await storage.get(variantOf) : null);
    if (!file) throw notFound();
    const etag = etagOf(file.bytes);
    reply
      .header('Content-Type', file.contentType)
      .header('X-Content-Type-Options', 'nosniff')
      // A signed file is the owner's: no shared cache keeps it, and the browser only while the link works.
      .header('Cache-Control', open ? IMMUTABLE_CACHE : `private, max-age=${fileUrls.secondsLeft(request.query)}`)
      .header('ETag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.send(file.bytes);
  });
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
