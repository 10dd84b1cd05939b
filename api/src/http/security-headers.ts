import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Telegram Web (the K and A clients, and their old hosts) shows a mini-app in an iframe; every other
 * client opens it in a webview of its own, where nothing frames it.
 */
export const TELEGRAM_WEB_ORIGINS = [
  'https://web.telegram.org',
  'https://webk.telegram.org',
  'https://webz.telegram.org',
] as const;

const EMPTY_SHA256 = createHash('sha256').update('').digest('base64');

/**
 * The Content-Security-Policy of the mini-app and the API. Scripts only from our origin. The rest is as
 * wide as the platforms need and no wider:
 * - connect-src https: — TON Connect reads its wallets list and talks to each wallet's bridge (SSE), and the
 *   list grows without us; a fixed list of hosts would quietly break new wallets.
 * - img-src https: data: blob: — wallet icons from the list, Telegram avatars (t.me), upload previews (blob:).
 * - style-src 'unsafe-inline' — TON Connect's UI and Telegram UI inject <style> elements at run time.
 * - media-src blob: — the create form's live preview of a chosen video sticker.
 */
export function contentSecurityPolicy(publicUrl: string, inlineScriptHashes: string[] = []): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // A document's own inline scripts by their hashes (the mini-app's first screen), and no other inline script.
    'script-src': ["'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`)],
    // TON Connect's UI sets an empty `ontouchstart` on <body> (for iOS :active styles). The hash of the empty
    // string lets exactly that handler through, and no handler with code in it.
    'script-src-attr': ["'unsafe-hashes'", `'sha256-${EMPTY_SHA256}'`],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", 'https:'],
    'frame-ancestors': ["'self'", ...TELEGRAM_WEB_ORIGINS],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  // Over plain http (a local run, the browser suite) there is nothing to upgrade to.
  if (publicUrl.startsWith('https://')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * Headers every response needs: no type sniffing (a script or stylesheet must be what it says), other
 * origins may embed our images and icons, and the host is HTTPS-only. The rest of helmet's set (the CSP,
 * the opener and referrer policies, the legacy switches) governs a page, so it goes on documents alone:
 * on a 1 kB script chunk it was about as many bytes again.
 */
const EVERY_RESPONSE = new Set(['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security']);

export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const headers = helmetHeaders({
    contentSecurityPolicy: cspOptions(publicUrl),
    // X-Frame-Options cannot name Telegram Web; frame-ancestors above does, and browsers prefer it.
    xFrameOptions: false,
    // Wallets show our TON Connect icon and Telegram clients our pack images from other origins. Nothing
    // here rides on cookies (the API takes bearer tokens), so there is no ambient secret to shield.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // Wallet and Stripe pages open in new windows; keep them working without handing them our window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  const everyResponse = headers.filter(([name]) => EVERY_RESPONSE.has(name.toLowerCase()));
  const documentOnly = headers.filter(([name]) => !EVERY_RESPONSE.has(name.toLowerCase()));
  // On the raw response, as helmet's own middleware does, so a reply that streams or is hijacked has them too.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of everyResponse) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isDocument(reply.getHeader('content-type'))) {
      for (const [name, value] of documentOnly) {
        // A document with inline scripts of its own sent the policy that names them (documentPolicy).
        if (name.toLowerCase() === CSP && reply.hasHeader(CSP)) continue;
        reply.header(name, value);
      }
    }
    done(null, payload);
  });
}

const CSP = 'content-security-policy';

const cspOptions = (publicUrl: string, inlineScriptHashes: string[] = []) => ({
  useDefaults: false,
  directives: contentSecurityPolicy(publicUrl, inlineScriptHashes),
});

/** The Content-Security-Policy header of a document whose inline scripts have these hashes (`sha256-…`). */
export function documentPolicy(publicUrl: string, inlineScriptHashes: string[]): string {
  const [policy] = helmetHeaders({ contentSecurityPolicy: cspOptions(publicUrl, inlineScriptHashes) }).filter(
    ([name]) => name.toLowerCase() === CSP,
  );
  return policy![1];
}

/** A response a browser shows as a page: the mini-app's HTML (and the API docs' page). */
function isDocument(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('text/html');
}

/**
 * The headers helmet's middleware sets, computed once: they depend on the options alone, and
 * @fastify/helmet built the whole middleware again for every request (~7 % of the API's CPU on a light read).
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}
