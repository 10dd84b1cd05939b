import type { FastifyInstance } from 'fastify';
import type { ClientConfig } from '@stickerdrop/shared';
import type { Config } from '../../config.js';

/** The rails the buy screen offers: the demo rail first when demo mode is on, and never otherwise. */
export function clientConfigOf(config: Config): ClientConfig {
  const methods = config.paymentMethods.filter((method) => method !== 'demo');
  return {
    demo: config.demo,
    botUsername: config.botUsername ?? null,
    paymentMethods: config.demo ? ['demo', ...methods] : methods,
  };
}

export async function clientConfigRoutes(app: FastifyInstance): Promise<void> {
  const body = clientConfigOf(app.deps.config);
  app.get('/api/config', async () => body);
}
