import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilersOnDemand } from '../../src/http/schema-compilers.js';

/** The app's routes bring their own compilers; one that does not still gets Fastify's, loaded when it asks. */
describe("Fastify's schema compilers, loaded on demand", () => {
  const app = Fastify({ schemaController: { compilersFactory: compilersOnDemand } });
  beforeAll(async () => {
    app.post(
      '/echo',
      {
        schema: {
          body: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } },
          response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } },
        },
      },
      async (request) => ({ ...(request.body as { n: number }), secret: 'not in the schema' }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('validates a body with ajv: a wrong one is refused with 400', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { n: 'seven' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('body/n must be integer');
  });

  it('serialises with fast-json-stringify: a field the response schema does not name is left out', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { n: 7 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ n: 7 });
  });
});
