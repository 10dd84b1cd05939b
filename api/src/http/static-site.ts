import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { startParamScreen } from '@stickerdrop/shared';
import type { ReadScreenData } from '../features/first-screen/screen-data.js';
import { documentPolicy } from './security-headers.js';
import { encode, preferredEncoding, siteDocument, withFirstScreen, type Encoding } from './site-document.js';

const INDEX = 'index.html';

/**
 * Serves the built mini-app on the API's origin. Hashed assets are cached for a year; the document is
 * revalidated on every load so a deploy reaches users at once. Like the assets, the document is read once,
 * at start-up.
 */
export async function registerStaticSite(
  app: FastifyInstance,
  root: string,
  readScreen: ReadScreenData,
): Promise<void> {
  if (!fs.existsSync(root)) {
    app.log.warn({ root }, 'mini-app build not found; run `npm run build` to serve it');
    return;
  }
  if (fs.existsSync(path.join(root, INDEX)))
    registerDocument(app, fs.readFileSync(path.join(root, INDEX), 'utf8'), readScreen);
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    // The document is served by registerDocument.
    index: false,
    globIgnore: [INDEX, `${INDEX}.*`],
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

/**
 * `/` (and `/index.html`): the mini-app's document. A Telegram launch names the pack or edition it opens on
 * in the query (`?tgWebAppStartParam=pack_7`): that document carries the screen's public data and its
 * picture's preload (site-document.ts). Any other, an unknown pack's included, is the plain document: the
 * app shows its own not-found page. Its CSP allows its inline scripts by their hashes.
 */
function registerDocument(app: FastifyInstance, html: string, readScreen: ReadScreenData): void {
  const document = siteDocument(html);
  const policy = documentPolicy(app.deps.config.publicUrl, document.inlineScriptHashes);
  // Weak: the bytes differ by encoding, the document does not.
  const etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  const plain = new Map<Encoding, Buffer>();
  const encodedPlain = (encoding: Encoding) =>
    plain.get(encoding) ?? plain.set(encoding, encode(html, encoding)).get(encoding)!;

  const serve = async (request: FastifyRequest<{ Querystring: Record<string, unknown> }>, reply: FastifyReply) => {
    const startParam = request.query.tgWebAppStartParam;
    const screen = typeof startParam === 'string' ? startParamScreen(startParam) : null;
    const data = screen ? await readScreen(screen) : null;
    reply
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', policy)
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8');
    if (!screen || !data) {
      // The plain document is the same for everyone until the next deploy: a revalidation costs no body.
      reply.header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    }
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(
      screen && data ? encode(withFirstScreen(document, { ...screen, data }), encoding) : encodedPlain(encoding),
    );
  };
  app.get('/', serve);
  app.get(`/${INDEX}`, serve);
}
