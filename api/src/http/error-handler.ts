import type { FastifyError, FastifyInstance } from 'fastify';
import { API_ERRORS } from '@stickerdrop/shared';
import { HttpError, isDatabaseUnavailable } from '@stickerdrop/core';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // A lost database connection (restart, failover) is transient: 503 tells clients to try again.
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'request failed: database unavailable');
      return reply.status(503).send({ error: API_ERRORS.temporarilyUnavailable });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      // Only a deliberate HttpError (e.g. 503 not configured) carries a text meant for the client.
      const message = error instanceof HttpError ? error.message : API_ERRORS.internal;
      return reply.status(status).send({ error: message });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported content type) keep their status.
    return reply.status(status).send({ error: error.message });
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: API_ERRORS.notFound }));
}
