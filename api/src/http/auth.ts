import type { FastifyRequest } from 'fastify';
import { API_ERRORS, OPS_ERRORS } from '@stickerdrop/shared';
import { type AccessTokens, isDemoAccount } from '@stickerdrop/core';
import { forbidden, unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook when a valid bearer token came with the request. */
    userId: number | null;
    /** True when a bearer token came but was not valid (expired or forged). */
    badToken: boolean;
    /** The session (refresh-token family) the bearer token was issued to, when it names one. */
    sessionId: string | null;
  }
}

/**
 * Reads `Authorization: Bearer …` for every request; routes decide whether they need a user. With demo mode
 * off, a demo account's token is as good as a forged one: demo sign-ins end when the mode does. A banned
 * user's token is refused with 403 and the reason's sentence.
 */
export function bearerAuthHook(
  tokens: AccessTokens,
  options: { demo: boolean; isBanned: (userId: number) => Promise<boolean> },
) {
  return async (request: FastifyRequest) => {
    request.userId = null;
    request.badToken = false;
    request.sessionId = null;
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const claims = await tokens.read(header.slice('Bearer '.length).trim());
    if (!claims || (!options.demo && isDemoAccount(claims.userId))) {
      request.badToken = true;
      return;
    }
    // A ban ends every session at once: tokens signed before it are refused from the next request on.
    if (await options.isBanned(claims.userId)) throw forbidden(OPS_ERRORS.banned);
    request.userId = claims.userId;
    request.sessionId = claims.sessionId;
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
