import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAIN_ERROR_CODES, DomainError, type DomainErrorCode } from '@stickerdrop/core';
import { registerErrorHandler } from '../../src/http/error-handler.js';
import { DOMAIN_ERROR_STATUS } from '../../src/http/errors.js';

/** Core's refusals reach the client as `{ error }` with the status of the one table, the text unchanged. */
describe('domain errors over HTTP', () => {
  const app = Fastify();
  beforeAll(async () => {
    registerErrorHandler(app);
    app.get<{ Params: { code: DomainErrorCode } }>('/refuse/:code', async (request) => {
      throw new DomainError(request.params.code, `refused: ${request.params.code}`);
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('maps the codes named by the issue to their statuses', () => {
    expect(DOMAIN_ERROR_STATUS.not_found).toBe(404);
    expect(DOMAIN_ERROR_STATUS.forbidden).toBe(403);
    expect(DOMAIN_ERROR_STATUS.sold_out).toBe(409);
    expect(DOMAIN_ERROR_STATUS.invalid_price).toBe(400);
  });

  it.each(DOMAIN_ERROR_CODES)('answers %s with its status and its text', async (code) => {
    const res = await app.inject({ method: 'GET', url: `/refuse/${code}` });
    expect(res.statusCode).toBe(DOMAIN_ERROR_STATUS[code]);
    expect(res.json()).toEqual({ error: `refused: ${code}` });
  });

  it('hides the text of an unexpected error', async () => {
    const bare = Fastify();
    registerErrorHandler(bare);
    bare.get('/boom', async () => {
      throw new Error('secret detail');
    });
    const res = await bare.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error).not.toContain('secret');
    await bare.close();
  });
});
