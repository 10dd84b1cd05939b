import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EditionDetail, PackDetail, PackListResponse, parseTon } from '@stickerdrop/shared';
import { tables } from '@stickerdrop/core/testing';
import { inertJson, preferredEncoding, siteDocument } from '../../src/http/site-document.js';
import { buildTestApp, type TestApp } from '../helpers.js';
import { createCreator, createUser, type TestUser } from '../users.js';
import { insertPack, sellEdition } from '../features/packs/fixtures.js';

/** The shape of the built index.html that the server relies on (scripts/vite-first-screen.ts makes it). */
const START = 'window.firstScreenStarted = true;';
const DRAW = 'window.firstScreenDrawn = true;';
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Stickerdrop</title>
    <!--first-screen-data-->
    <script>${START}</script>
    <script type="module" crossorigin src="./assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="./assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
    <script>${DRAW}</script>
  </body>
</html>
`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The CSP header as directive → sources. */
function csp(header: unknown): Map<string, string[]> {
  const directives = String(header)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter(([name]) => name);
  return new Map(directives.map(([name, ...sources]) => [name!, sources]));
}

/** The data a document embeds for its first screen, parsed back. */
function embedded(html: string): { kind: string; id: number; data: unknown } | null {
  const match = /<script type="application\/json" id="first-screen-data">([\s\S]*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as { kind: string; id: number; data: unknown }) : null;
}

const withoutViews = ({ views: _views, rating: _rating, ...rest }: Record<string, unknown>) => rest;

describe('the mini-app document (its first screen)', () => {
  let t: TestApp;
  let staticDir: string;
  let creator: TestUser;
  let owner: TestUser;
  let packId: number;
  let editionId: number;

  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-document-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX);
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'assets', 'index-abc.js'), 'export {};');
    t = await buildTestApp({ staticDir, config: { publicUrl: 'https://stickers.example' } });
    creator = await createCreator(t, { username: 'inkwell' });
    owner = await createUser(t);
    packId = await insertPack(t.db, creator.id, {
      title: 'Night Owls',
      price: '2.5',
      maxSupply: 10,
      previewKey: 'previews/owl.webp',
      stickers: ['p/owl-1.webp'],
    });
    await sellEdition(t.db, packId, owner.id);
    const [edition] = await t.db.select({ id: tables.editions.id }).from(tables.editions).limit(1);
    editionId = edition!.id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('serves the plain document at / and /index.html, revalidated on every load', async () => {
    const [root, index] = await Promise.all([get('/'), get('/index.html')]);
    for (const res of [root, index]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    }
    const again = await get('/', { 'if-none-match': String(root.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it("allows exactly the document's own inline scripts, by their hashes, and still no other inline script", async () => {
    const policy = csp((await get('/')).headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'", sha256(START), sha256(DRAW)]);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    // The rest of the policy is the API's (security-headers.test.ts).
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
    // A pack's document is the same document: the embedded data is JSON, which no policy needs to allow.
    const pack = await get(`/?tgWebAppStartParam=pack_${packId}`);
    expect(pack.headers['content-security-policy']).toBe((await get('/')).headers['content-security-policy']);
  });

  it("keeps the page's headers on documents: a script from the build has none of them", async () => {
    const script = await get('/assets/index-abc.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['cross-origin-opener-policy']).toBeUndefined();
    const document = await get(`/?tgWebAppStartParam=pack_${packId}`);
    expect(document.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(document.headers['referrer-policy']).toBe('no-referrer');
  });

  it("carries the opened pack's public data and its picture's preload, ahead of the first screen's start", async () => {
    const res = await get(`/?tgWebAppStartParam=pack_${packId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    // Read fresh for each load: nothing for a cache to revalidate against.
    expect(res.headers.etag).toBeUndefined();
    const first = embedded(res.body)!;
    expect(first).toMatchObject({ kind: 'pack', id: packId });
    const api = PackDetail.parse((await get(`/api/stickers/${packId}`)).json());
    expect(withoutViews(PackDetail.parse(first.data))).toEqual(withoutViews(api));
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(res.body)?.[0];
    expect(preload).toBe(
      '<link rel="preload" as="image" href="/files/previews/owl.webp" imagesrcset="' +
        '/files/previews/owl-160w.webp 160w, /files/previews/owl.webp 320w, /files/previews/owl-480w.webp 480w, ' +
        '/files/previews/owl-640w.webp 640w" imagesizes="(max-width: 768px) 280px, min(calc(50vw - 44px), 576px)" ' +
        'fetchpriority="high">',
    );
    // In the head, before the first screen's start reads it and before the stylesheets.
    expect(res.body.indexOf('first-screen-data">')).toBeLessThan(res.body.indexOf(START));
    expect(res.body.indexOf(preload!)).toBeLessThan(res.body.indexOf('rel="stylesheet"'));
  });

  it('opens an order to pay on its pack, and an edition on its own public data', async () => {
    const order = embedded((await get(`/?tgWebAppStartParam=order_${packId}_${crypto.randomUUID()}`)).body);
    expect(order).toMatchObject({ kind: 'pack', id: packId });
    const res = await get(`/?tgWebAppStartParam=edition_${editionId}`);
    const first = embedded(res.body)!;
    expect(first).toMatchObject({ kind: 'edition', id: editionId });
    expect(EditionDetail.parse(first.data)).toEqual((await get(`/api/editions/${editionId}`)).json());
    expect(res.body).toContain('<link rel="preload" as="image" href="/files/previews/owl.webp"');
  });

  it("carries the marketplace's first page for a link that opens it, as a signed-out list read answers", async () => {
    const res = await get('/?tgWebAppStartParam=market', owner.headers);
    const first = embedded(res.body)!;
    expect(first).toMatchObject({ kind: 'market' });
    const api = PackListResponse.parse((await get('/api/stickers')).json());
    const page = PackListResponse.parse(first.data);
    expect(page.items.map((pack) => pack.id)).toEqual(api.items.map((pack) => pack.id));
    expect(page.items.every((pack) => !pack.isFavorite)).toBe(true);
    // No picture leads a list: nothing is preloaded.
    expect(res.body).not.toContain('rel="preload" as="image"');
  });

  it('embeds the signed-out view only, whoever asks', async () => {
    const res = await get(`/?tgWebAppStartParam=pack_${packId}`, owner.headers);
    const data = PackDetail.parse(embedded(res.body)!.data);
    expect(data.isOwned).toBe(false);
    expect(data.edition).toBeNull();
    // The owner's own answer says otherwise: that one comes from the API, to them.
    expect(PackDetail.parse((await get(`/api/stickers/${packId}`, owner.headers)).json()).isOwned).toBe(true);
  });

  it("writes a pack's text so it cannot end the script element or open a comment, and reads back the same", async () => {
    const title = '</script><script>alert(1)</script><!-- & \u2028';
    const id = await insertPack(t.db, creator.id, { title, previewKey: 'previews/x".webp' });
    const res = await get(`/?tgWebAppStartParam=pack_${id}`);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<!-- &');
    expect(res.body.match(/<script/g)).toHaveLength(INDEX.match(/<script/g)!.length + 1);
    expect(PackDetail.parse(embedded(res.body)!.data).title).toBe(title);
    // The picture's address is an attribute value: its quote is escaped too.
    expect(res.body).toContain('href="/files/previews/x&quot;.webp"');
  });

  it('reads the pack for each document, so a new price shows at once', async () => {
    await t.db
      .update(tables.packs)
      .set({ priceNano: parseTon('3.75')! })
      .where(eq(tables.packs.id, packId));
    const data = PackDetail.parse(embedded((await get(`/?tgWebAppStartParam=pack_${packId}`)).body)!.data);
    expect(data.price).toBe('3.75');
  });

  it('sends the plain document for a pack that does not exist, and the app shows its own not-found page', async () => {
    for (const startParam of ['pack_999999', 'edition_999999', 'pack_0', 'pack_x', 'login_' + 'a'.repeat(20)]) {
      const res = await get(`/?tgWebAppStartParam=${startParam}`);
      expect(res.statusCode, startParam).toBe(200);
      expect(res.body, startParam).toBe(INDEX);
    }
    const twice = await get(`/?tgWebAppStartParam=pack_${packId}&tgWebAppStartParam=pack_${packId}`);
    expect(twice.body).toBe(INDEX);
  });

  it('compresses the document as the client accepts', async () => {
    const br = await get(`/?tgWebAppStartParam=pack_${packId}`, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(embedded(zlib.brotliDecompressSync(br.rawPayload).toString())).toMatchObject({ id: packId });
    const gzip = await get('/', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(INDEX);
    expect((await get('/', { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
  });
});

describe('the document helpers', () => {
  it('hash the scripts a browser runs, not a data block or a script from a file', () => {
    const html = `<script>a()</script><script type="module">b()</script><script type="application/json">{}</script><script src="/c.js"></script>`;
    expect(siteDocument(html).inlineScriptHashes.map((hash) => `'${hash}'`)).toEqual([sha256('a()'), sha256('b()')]);
  });

  it('write JSON that reads back the same', () => {
    const value = { text: '</script><!-- a & b > c \u2028\u2029' };
    expect(inertJson(value)).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(inertJson(value))).toEqual(value);
  });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['BR', 'br'],
    ['', 'identity'],
    [undefined, 'identity'],
  ] as const)('pick the encoding for Accept-Encoding %j', (header, encoding) => {
    expect(preferredEncoding(header)).toBe(encoding);
  });
});
