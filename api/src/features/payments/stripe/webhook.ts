import type { FastifyInstance } from 'fastify';
import { API_ERRORS } from '@stickerdrop/shared';
import { handleStripeEvent, type Stripe } from '@stickerdrop/core';
import { badRequest, notFound } from '../../../http/errors.js';

/** Stripe events are small, but a session with many fields can pass the app's 64 KB default. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export interface StripeWebhookOptions {
  stripe: Stripe | undefined;
}

/**
 * POST /api/payments/stripe/webhook: the only way a card payment fulfils. The signature is checked on the
 * raw body with STRIPE_WEBHOOK_SECRET and Stripe's tolerance (5 minutes, on the app's clock); a bad one is
 * a 400 and changes nothing. A failure while settling is a 500, so Stripe delivers the event again.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, options: StripeWebhookOptions): Promise<void> {
  const { config, db, now } = app.deps;
  // This plugin's scope only: the body stays the exact bytes Stripe signed.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/api/payments/stripe/webhook', { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request) => {
    const { stripe } = options;
    const secret = config.stripe.webhookSecret;
    if (!stripe || !secret) throw notFound();
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      throw badRequest(API_ERRORS.invalidStripeSignature);
    }
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(
        request.body,
        signature,
        secret,
        stripe.webhooks.DEFAULT_TOLERANCE,
        undefined,
        now().getTime(),
      );
    } catch {
      throw badRequest(API_ERRORS.invalidStripeSignature);
    }
    const result = await handleStripeEvent(db, event, now(), config.balance);
    if (result?.firstTime && result.outcome !== 'fulfilled') {
      request.log.warn(
        { eventId: event.id, outcome: result.outcome, orderId: result.orderId },
        'card payment recorded for the operator',
      );
    }
    return { received: true };
  });
}
