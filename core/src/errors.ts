import type { z } from 'zod';
import { API_ERRORS } from '@stickerdrop/shared';

/** An error that carries its status; the API's one error handler turns it into `{ error }`. */
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
