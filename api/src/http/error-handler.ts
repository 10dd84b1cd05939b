import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERRORS } from '@stickerdrop/shared';
import { DomainError, isDatabaseUnavailable } from '@stickerdrop/core';
import { DOMAIN_ERROR_STATUS, HttpError } from './errors.js';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | DomainError, request, reply) => {
    // A lost database connection (restart, failover) is transient: 503 tells clients to try again.
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'request failed: database unavailable');
      return reply.status(503).send({ error: API_ERRORS.temporarilyUnavailable });
    }
    const status = error instanceof DomainError ? DOMAIN_ERROR_STATUS[error.code] : (error.statusCode ?? 500);
    const deliberate = error instanceof DomainError || error instanceof HttpError;
    if (status >= 500 && !deliberate) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ error: API_ERRORS.internal });
    }
    // Core's refusals, a deliberate HttpError (e.g. 503 not configured) and Fastify's own 4xx (bad JSON,
    // body too large, unsupported content type) carry a text meant for the client; the request's log says it.
    request.refusal = error.message;
    return reply.status(status).send({ error: error.message });
  });
  app.setNotFoundHandler((request, reply) => {
    request.refusal = API_ERRORS.notFound;
    return reply.status(404).send({ error: API_ERRORS.notFound });
  });
}

/**
 * Fastify's refusals before routing (a path that is not valid percent-encoding, e.g. `/api/stickers/%`),
 * in the `{ error }` shape of every other answer instead of Fastify's own body.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.refusal = API_ERRORS.invalidRequest;
  void reply.status(error.statusCode ?? 400).send({ error: API_ERRORS.invalidRequest });
}
