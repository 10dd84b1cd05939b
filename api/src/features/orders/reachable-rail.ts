import type { FastifyBaseLogger } from 'fastify';
import { API_ERRORS } from '@stickerdrop/shared';
import { DomainError, isDatabaseUnavailable, type PaymentRail } from '@stickerdrop/core';

/**
 * A provider that fails to answer (the Bot API for a Stars invoice, Stripe for a checkout session) is a
 * 503 the buyer can retry, not a 500: buyPack has released the reservation by then. The cause is logged.
 */
export function reachableRail(rail: PaymentRail, log: FastifyBaseLogger): PaymentRail {
  return {
    method: rail.method,
    async createPayment(order) {
      try {
        return await rail.createPayment(order);
      } catch (error) {
        if (error instanceof DomainError || isDatabaseUnavailable(error)) throw error;
        log.warn({ err: error, orderId: order.id, method: rail.method }, 'payment provider failed');
        // Stars failing says so and names the rail that still works; TON needs no provider of ours.
        throw new DomainError(
          'unavailable',
          rail.method === 'stars' ? API_ERRORS.starsUnavailable : API_ERRORS.paymentProviderUnavailable,
        );
      }
    },
  };
}
