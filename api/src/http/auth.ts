import type { FastifyRequest } from 'fastify';
import { API_ERRORS } from '@stickerdrop/shared';
import { type AccessTokens } from '@stickerdrop/core';
import { unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook when a valid bearer token came with the request. */
    userId: number | null;
    /** True when a bearer token came but was not valid (expired or forged). */
    badToken: boolean;
  }
}

/** Reads `Authorization: Bearer …` for every request; routes decide whether they need a user. */
export function bearerAuthHook(tokens: AccessTokens) {
  return async (request: FastifyRequest) => {
    request.userId = null;
    request.badToken = false;
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    request.userId = await tokens.verify(header.slice('Bearer '.length).trim());
    request.badToken = request.userId === null;
  };
}

/** The caller's id, or 401. A bad token always gets 401 so the client refreshes it. */
export function requireUser(request: FastifyRequest): number {
  if (request.userId === null) throw unauthorized(request.badToken ? API_ERRORS.invalidToken : API_ERRORS.unauthorized);
  return request.userId;
}

/** The caller's id when signed in; a bad token is still a 401, so clients refresh instead of seeing stale data. */
export function optionalUser(request: FastifyRequest): number | null {
  if (request.badToken) throw unauthorized(API_ERRORS.invalidToken);
  return request.userId;
}
