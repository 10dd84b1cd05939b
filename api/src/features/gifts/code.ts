import type { FastifyRequest } from 'fastify';
import { GIFT_ERRORS, GiftCodeParams } from '@stickerdrop/shared';
import { notFound } from '../../http/errors.js';

export type CodeRequest = FastifyRequest<{ Params: { code: string } }>;

/** A code of the wrong shape names no gift: 404 like an unknown one. */
export function codeOf(request: CodeRequest): string {
  const parsed = GiftCodeParams.safeParse(request.params);
  if (!parsed.success) throw notFound(GIFT_ERRORS.notFound);
  return parsed.data.code;
}
