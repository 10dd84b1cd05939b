import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, memoryStorage, openDatabase } from '@stickerdrop/core';
import { testConfig } from '@stickerdrop/core/testing';
import { createApp } from '../../src/app.js';

/** The CSP header as directive → sources. */
function csp(header: string | string[] | number | undefined): Map<string, string[]> {
  const directives = String(header)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter(([name]) => name);
  return new Map(directives.map(([name, ...sources]) => [name!, sources]));
}

describe('security headers', () => {
  let database: DatabaseHandle;
  let staticDir: string;
  beforeAll(async () => {
    database = await openDatabase({});
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-static-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Stickerdrop</title>');
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'assets', 'chunk-abc.js'), 'export const x = 1;');
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const start = (publicUrl: string) =>
    createApp({
      config: testConfig({ publicUrl }),
      db: database.db,
      storage: memoryStorage(),
      staticDir,
      logger: false,
    });

  it('lets Telegram Web frame the mini-app, and nobody else', async () => {
    const app = await start('https://stickers.example');
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    const policy = csp(page.headers['content-security-policy']);
    expect(policy.get('frame-ancestors')).toEqual([
      "'self'",
      'https://web.telegram.org',
      'https://webk.telegram.org',
      'https://webz.telegram.org',
    ]);
    // X-Frame-Options would override nothing useful and forbid Telegram Web in old browsers.
    expect(page.headers['x-frame-options']).toBeUndefined();
    await app.close();
  });

  it('allows scripts only from our origin; TON Connect may reach its wallets list, bridges and icons', async () => {
    const app = await start('https://stickers.example');
    const res = await app.inject({ method: 'GET', url: '/' });
    const policy = csp(res.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    // Only an empty inline handler (TON Connect's ontouchstart): the SHA-256 of nothing.
    expect(policy.get('script-src-attr')).toEqual([
      "'unsafe-hashes'",
      "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
    ]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https:']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    // Wallets load our TON Connect icon, Telegram our images, from their own origins.
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    await app.close();
  });

  it('does not ask a plain-http run to upgrade requests it cannot serve', async () => {
    const app = await start('http://localhost:8080');
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(csp(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(false);
    await app.close();
  });

  it("sends helmet's whole set on a document, computed once from our options", async () => {
    const app = await start('https://stickers.example');
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['origin-agent-cluster']).toBe('?1');
    expect(res.headers['x-dns-prefetch-control']).toBe('off');
    expect(res.headers['x-permitted-cross-domain-policies']).toBe('none');
    expect(res.headers['x-xss-protection']).toBe('0');
    expect(res.headers['x-powered-by']).toBeUndefined();
    // The same values on the next request: nothing is consumed by the first.
    const again = await app.inject({ method: 'GET', url: '/' });
    expect(again.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
    await app.close();
  });

  it('sends a script, a JSON answer and a refusal only the headers every response needs', async () => {
    const app = await start('https://stickers.example');
    const answers = await Promise.all(
      ['/assets/chunk-abc.js', '/api/health', '/api/nope'].map((url) => app.inject({ method: 'GET', url })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 404]);
    for (const res of answers) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      // The page's own policies: on the document that loads this, not on each file it loads.
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(res.headers['referrer-policy']).toBeUndefined();
    }
    await app.close();
  });
});
