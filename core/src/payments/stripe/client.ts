import { createRequire } from 'node:module';
import type Stripe from 'stripe';

/**
 * The official client; STRIPE_API_BASE sends it to another host (tests: a local fake of Stripe's REST API).
 * The SDK is loaded here, only when the Stripe rail is configured: it is large, and start-up time counts.
 */
export function createStripeClient(secretKey: string, apiBase: string | undefined): Stripe {
  const config: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (apiBase) {
    const url = new URL(apiBase);
    config.protocol = url.protocol === 'http:' ? 'http' : 'https';
    config.host = url.hostname;
    config.port = url.port || (url.protocol === 'http:' ? 80 : 443);
  }
  const StripeClient = createRequire(import.meta.url)('stripe') as typeof Stripe;
  return new StripeClient(secretKey, config);
}

export type { Stripe };
