import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { API_ERRORS } from '@stickerdrop/shared';
import { isDatabaseUnavailable } from '../db/unavailable.js';

/** An error that carries its status; the one handler below turns it into `{ error }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string = API_ERRORS.unauthorized) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string = API_ERRORS.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const gone = (message: string) => new HttpError(410, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const unsupportedMediaType = (message: string) => new HttpError(415, message);
/** A capability that is switched off or not configured; its message is ours, so it is shown. */
export const serviceUnavailable = (message: string) => new HttpError(503, message);

/**
 * Parses a request part with a shared schema; the first issue becomes a 400. Messages a schema names
 * (SPEC's texts) pass through as written; zod's generic ones are replaced by a sentence naming the field.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value ?? {}, { error: describeIssue });
  if (result.success) return result.data;
  throw badRequest(result.error.issues[0]?.message ?? API_ERRORS.invalidRequest);
}

function describeIssue(issue: z.core.$ZodRawIssue): string {
  const field = issue.path?.length ? issue.path.join('.') : 'request';
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `${field} is required` : `${field} must be a ${issue.expected}`;
    case 'too_small':
      return issue.origin === 'string' ? `${field} is too short` : `${field} must be at least ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'string' ? `${field} is too long` : `${field} must be at most ${issue.maximum}`;
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.join(', ')}`;
    case 'invalid_format':
      return `${field} is not a valid ${issue.format}`;
    default:
      return `${field} is invalid`;
  }
}

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
