import type { FastifyInstance } from 'fastify';
import type { PaymentSetup } from '@stickerdrop/core';
import { stripeWebhookRoutes } from './stripe/webhook.js';

/** The payment providers' callbacks into the API (TON is read by the watcher; Stars go through the bot). */
export async function paymentsRoutes(app: FastifyInstance, setup: PaymentSetup): Promise<void> {
  await app.register(stripeWebhookRoutes, { stripe: setup.stripe });
}
