import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPS_ERRORS } from '@stickerdrop/shared';
import { isOperator } from '@stickerdrop/core';
import { requireUser } from '../../http/auth.js';
import { forbidden } from '../../http/errors.js';

/**
 * Every route registered in the plugin this is added to answers only OPERATOR_IDS: 401 signed out, 403
 * anyone else. A hook of the plugin, not a call in each handler, so a new route cannot leave it out.
 */
export function requireOperatorHook(app: FastifyInstance) {
  const { operatorIds } = app.deps.config;
  return async (request: FastifyRequest) => {
    const userId = requireUser(request);
    if (!isOperator(operatorIds, userId)) throw forbidden(OPS_ERRORS.operatorsOnly);
  };
}

/** The operator's id, once the hook has let the request through. */
export const operatorOf = (request: FastifyRequest): number => requireUser(request);
