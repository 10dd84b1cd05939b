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
    if (status >= 500 && !(error instanceof HttpError)) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ error: API_ERRORS.internal });
    }
    // A deliberate HttpError (e.g. 503 not configured) and Fastify's own 4xx (bad JSON, body too large,
    // unsupported content type) carry a text meant for the client; the request's log line says it.
    request.refusal = error.message;
    return reply.status(status).send({ error: error.message });
  });
  app.setNotFoundHandler((request, reply) => {
    request.refusal = API_ERRORS.notFound;
    return reply.status(404).send({ error: API_ERRORS.notFound });
  });
}
