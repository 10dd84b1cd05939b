import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emojiArtPackage } from '@stickerdrop/core/testing';
import { ROUTE_DOCS } from '../../src/http/route-docs.js';
import { buildTestApp, type TestApp } from '../helpers.js';

/** The parts of the OpenAPI document these tests read; JSON Schema bodies are walked loosely. */
interface Operation {
  tags: string[];
  security?: unknown[];
  parameters?: Array<{ name: string }>;
  responses: Record<string, { description: string; content: { 'application/json': { schema: Json } } }>;
}
type Json = { [key: string]: Json } & { enum?: string[]; required?: string[] };
interface OpenApiDocument {
  openapi: string;
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
}

/** `/api/stickers/:id` and `/files/*` as OpenAPI writes them. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

describe('OpenAPI at /api/docs', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
  });
  afterAll(() => t.close());

  it("credits the demo catalogue's art under its licence, the one its package declares", () => {
    const art = emojiArtPackage();
    expect(art.license).toBe('MIT');
    expect(document.info.description).toContain('Fluent Emoji by Microsoft');
    expect(document.info.description).toContain(`${art.license} licence`);
    expect(document.info.description).toContain(art.name);
  });

  it('documents every route the app registered', () => {
    expect(t.app.undocumentedRoutes).toEqual([]);
    for (const route of Object.keys(ROUTE_DOCS)) {
      const [method, url] = route.split(' ') as [string, string];
      expect(t.app.hasRoute({ method, url }), `${route} is documented but not registered`).toBe(true);
      expect(document.paths[openApiPath(url)]?.[method.toLowerCase()], `${route} in the document`).toBeDefined();
    }
  });

  it('lists null in every nullable enum, as the answers send it (paidWith: null)', () => {
    const nullable: { enum: unknown[] }[] = [];
    const paidWith: { enum: unknown[] }[] = [];
    const walk = (node: unknown, key = ''): void => {
      if (Array.isArray(node)) return node.forEach((item) => walk(item));
      if (!node || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      if (schema.nullable === true && Array.isArray(schema.enum)) nullable.push(schema as { enum: unknown[] });
      if (key === 'paidWith') paidWith.push(schema as { enum: unknown[] });
      for (const [name, value] of Object.entries(schema)) walk(value, name);
    };
    walk(document.paths);
    expect(paidWith.length).toBeGreaterThan(0);
    expect(paidWith.every((schema) => schema.enum.includes(null) && schema.enum.includes('stars'))).toBe(true);
    expect(nullable.filter((schema) => !schema.enum.includes(null))).toEqual([]);
  });

  it('describes requests and answers with the shared zod schemas', () => {
    expect(document.openapi).toBe('3.0.3');
    const buy = document.paths['/api/marketplace/buy']!.post!;
    expect(buy.security).toEqual([{ bearer: [] }]);
    const order = buy.responses['201']!.content['application/json'].schema;
    expect(order.properties!.order!.properties!.status!.enum).toContain('reserved');
    expect(buy.responses['4XX']!.content['application/json'].schema.required).toEqual(['error']);
    const list = document.paths['/api/stickers']!.get!;
    expect(list.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['search', 'sort', 'cursor']));
  });

  it('documents a 204 as no content, as the API answers it (logout and every other 204)', async () => {
    const logout = document.paths['/api/auth/logout']!.post!;
    expect(Object.keys(logout.responses)).toEqual(['204', '4XX']);
    expect(logout.responses['204']).toEqual({ description: 'No content' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: 'x'.repeat(43) },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['content-type']).toBeUndefined();

    for (const [route, doc] of Object.entries(ROUTE_DOCS)) {
      if (!(204 in doc.responses)) continue;
      const [method, url] = route.split(' ') as [string, string];
      const documented = document.paths[openApiPath(url)]![method.toLowerCase()]!.responses['204']!;
      expect(documented, route).not.toHaveProperty('content');
    }
  });

  it('serves the docs page, and does not let the response schemas change what the API answers', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
    // A body the schema would refuse still reaches the handler, which answers with its own message.
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/demo', payload: { as: 'admin' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'as must be one of: collector, creator' });
  });
});
