import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERRORS, DEFAULT_LANGUAGE, languageOfAcceptLanguage } from '@stickerdrop/shared';
import { DomainError, isDatabaseUnavailable } from '@stickerdrop/core';
import { DOMAIN_ERROR_STATUS, HttpError } from './errors.js';
import { errorTextIn, languageOfCaller } from './error-language.js';

/**
 * Every refusal is `{ error }` in the caller's language (errorTextIn); the request's log keeps the English
 * text, and the status and machine-readable codes never change with the language.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  // Read when answering: an app built without deps (a bare one in tests) still answers, by the header alone.
  const answer = async (request: FastifyRequest, english: string, databaseDown = false) =>
    ({ error: errorTextIn(await languageOfCaller(request, app.deps?.db, { databaseDown }), english) }) as const;

  app.setErrorHandler(async (error: FastifyError | HttpError | DomainError, request, reply) => {
    // A lost database connection (restart, failover) is transient: 503 tells clients to try again.
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'request failed: database unavailable');
      return reply.status(503).send(await answer(request, API_ERRORS.temporarilyUnavailable, true));
    }
    const status = error instanceof DomainError ? DOMAIN_ERROR_STATUS[error.code] : (error.statusCode ?? 500);
    const deliberate = error instanceof DomainError || error instanceof HttpError;
    if (status >= 500 && !deliberate) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send(await answer(request, API_ERRORS.internal));
    }
    // Core's refusals, a deliberate HttpError (e.g. 503 not configured) and Fastify's own 4xx (bad JSON,
    // body too large, unsupported content type) carry a text meant for the client; the request's log says it.
    request.refusal = error.message;
    return reply.status(status).send(await answer(request, error.message));
  });
  app.setNotFoundHandler(async (request, reply) => {
    request.refusal = API_ERRORS.notFound;
    return reply.status(404).send(await answer(request, API_ERRORS.notFound));
  });
}

/**
 * Fastify's refusals before routing (a path that is not valid percent-encoding, e.g. `/api/stickers/%`),
 * in the `{ error }` shape of every other answer instead of Fastify's own body.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.refusal = API_ERRORS.invalidRequest;
  // Before routing, no user is known: the header alone says the language.
  const language = languageOfAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
  void reply.status(error.statusCode ?? 400).send({ error: errorTextIn(language, API_ERRORS.invalidRequest) });
}
