import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createLogger, createLoginCode, type DatabaseHandle, memoryStorage, openDatabase } from '@stickerdrop/core';
import { testConfig } from '@stickerdrop/core/testing';
import { createApp } from '../../src/app.js';
import { redactUrl } from '../../src/http/request-log.js';

/** The API's log as an operator reads it: one line per request, refusals without stack traces. */
let app: FastifyInstance;
let database: DatabaseHandle;
let text = '';

beforeAll(async () => {
  const out = Object.assign(new PassThrough(), { isTTY: false });
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  database = await openDatabase({});
  app = await createApp({
    config: testConfig({ botUsername: undefined, logLevel: 'info' }),
    db: database.db,
    storage: memoryStorage(),
    logger: createLogger('info', out),
  });
  app.get('/test/boom', async () => {
    throw new Error('a bug');
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

async function linesOf(request: () => Promise<unknown>): Promise<Array<Record<string, unknown>>> {
  text = '';
  await request();
  await new Promise((resolve) => setImmediate(resolve));
  return text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('request log', () => {
  it('logs a served request in one info line', async () => {
    const lines = await linesOf(() => app.inject({ url: '/api/health' }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, method: 'GET', url: '/api/health', status: 200 });
  });

  it.each([
    ['an unknown route (404)', { url: '/api/nope' }, 404],
    ['a request without a token (401)', { url: '/api/auth/me' }, 401],
    [
      'malformed JSON (400)',
      {
        method: 'POST' as const,
        url: '/api/auth/login-code',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      },
      400,
    ],
  ])('logs %s in one info line with the message, no stack', async (_name, request, status) => {
    const lines = await linesOf(() => app.inject(request));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, status, msg: 'request refused' });
    expect(typeof lines[0]!.error).toBe('string');
    expect(JSON.stringify(lines[0])).not.toContain('"stack"');
  });

  it('logs a "not configured" 503 in one warn line, no stack', async () => {
    const lines = await linesOf(() => app.inject({ method: 'POST', url: '/api/auth/login-code' }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, status: 503, msg: 'request refused' });
    expect(JSON.stringify(lines[0])).not.toContain('"stack"');
  });

  it('never writes a sign-in code: the poll’s URL is logged redacted, whatever the answer', async () => {
    const { code } = await createLoginCode(database.db, new Date());
    const pending = await linesOf(() => app.inject({ url: `/api/auth/login-code/${code}` }));
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ status: 202, url: '/api/auth/login-code/[redacted]' });
    const unknown = 'u'.repeat(43);
    const gone = await linesOf(() => app.inject({ url: `/api/auth/login-code/${unknown}?x=1` }));
    expect(gone[0]).toMatchObject({ status: 410, url: '/api/auth/login-code/[redacted]?x=1' });
    const refused = await linesOf(() => app.inject({ method: 'POST', url: `/api/auth/login-code/${code}` }));
    expect(refused[0]).toMatchObject({ status: 404, url: '/api/auth/login-code/[redacted]' });
    text = '';
    await app.inject({ url: `/api/auth/login-code/${code}` });
    await app.inject({ url: `//api/auth/login-code/${code}` });
    await new Promise((resolve) => setImmediate(resolve));
    expect(text).not.toBe('');
    expect(text).not.toContain(code);
  });

  it('redacts only the code: other URLs are logged as they came', () => {
    expect(redactUrl('/api/auth/login-code')).toBe('/api/auth/login-code');
    expect(redactUrl('/API/Auth/login-code/abc/def')).toBe('/API/Auth/login-code/[redacted]');
    expect(redactUrl('/api/stickers?search=login-code/x')).toBe('/api/stickers?search=login-code/x');
  });

  it('logs an unexpected failure once, at error, with its stack', async () => {
    const lines = await linesOf(() => app.inject({ url: '/test/boom' }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: 'request failed' });
    expect((lines[0]!.err as { stack: string }).stack).toContain('a bug');
  });
});
