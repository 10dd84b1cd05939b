import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built mini-app on the API's origin. Hashed assets are cached for a year; index.html is
 * revalidated on every load so a deploy reaches users at once.
 */
export async function registerStaticSite(app: FastifyInstance, root: string): Promise<void> {
  if (!fs.existsSync(root)) {
    app.log.warn({ root }, 'mini-app build not found; run `npm run build` to serve it');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    // An array: with preCompressed, @fastify/static looks the index up only in a list (a string gives 404 at /).
    index: ['index.html'],
    // The build writes .br and .gz beside each asset; send the best one the client accepts.
    preCompressed: true,
    decorateReply: false,
    cacheControl: false,
    setHeaders(reply, filePath) {
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
