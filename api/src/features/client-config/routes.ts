import type { FastifyInstance } from 'fastify';
import type { ClientConfig } from '@stickerdrop/shared';
import { availablePaymentMethods, type Config } from '@stickerdrop/core';

/**
 * The rails the buy screen offers: the demo rail first when demo mode is on, and never otherwise; outside
 * demo mode only the rails that are configured (see availablePaymentMethods).
 */
export function clientConfigOf(config: Config): ClientConfig {
  return {
    demo: config.demo,
    botUsername: config.botUsername ?? null,
    paymentMethods: availablePaymentMethods(config),
    marketFeeBps: config.marketFeeBps,
    starsPerTon: config.starsPerTon,
    starsResaleLockDays: config.starsResaleLockDays,
  };
}

export async function clientConfigRoutes(app: FastifyInstance): Promise<void> {
  const body = clientConfigOf(app.deps.config);
  app.get('/api/config', async () => body);
}
