import type { FastifyRequest } from 'fastify';
import { storedLanguage, type Database } from '@stickerdrop/core';
import { DEFAULT_LANGUAGE, languageOfAcceptLanguage, type Language } from '@stickerdrop/shared';

/** The texts themselves are translated in shared (the bot says core's refusals in the reader's language too). */
export { errorTextIn } from '@stickerdrop/shared';

/**
 * Whom an error is written for: the signed-in caller's stored choice, else the request's Accept-Language,
 * else English. The database is asked only when an error is answered, and not when it is the thing down.
 */
export async function languageOfCaller(
  request: FastifyRequest,
  db: Database | undefined,
  options: { databaseDown: boolean },
): Promise<Language> {
  if (db && request.userId && !options.databaseDown) {
    const stored = await storedLanguage(db, request.userId).catch(() => null);
    if (stored) return stored;
  }
  return languageOfAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
}
