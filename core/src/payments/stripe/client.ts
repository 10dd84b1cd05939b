import Stripe from 'stripe';

/** The official client; STRIPE_API_BASE sends it to another host (tests: a local fake of Stripe's REST API). */
export function createStripeClient(secretKey: string, apiBase: string | undefined): Stripe {
  const config: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (apiBase) {
    const url = new URL(apiBase);
    config.protocol = url.protocol === 'http:' ? 'http' : 'https';
    config.host = url.hostname;
    config.port = url.port || (url.protocol === 'http:' ? 80 : 443);
  }
  return new Stripe(secretKey, config);
}

export type { Stripe };
