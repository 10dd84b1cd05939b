import type { PaymentMethod } from '@stickerdrop/shared';
import type { Config } from '../config.js';

export type RailConfig = Pick<Config, 'paymentMethods' | 'demo' | 'ton' | 'stripe' | 'botToken'>;

/**
 * The real rails this deployment can run: listed in PAYMENT_METHODS and configured. TON needs the
 * receiver and an indexer to confirm payments; Stripe its key and webhook secret; Stars the bot token.
 */
export function configuredRailMethods(config: RailConfig): Array<'ton' | 'stripe' | 'stars'> {
  const ready = {
    ton: Boolean(config.ton.receiver && config.ton.indexerUrl),
    stripe: Boolean(config.stripe.secretKey && config.stripe.webhookSecret),
    stars: Boolean(config.botToken),
  };
  return config.paymentMethods.filter((method): method is 'ton' | 'stripe' | 'stars' =>
    method === 'ton' || method === 'stripe' || method === 'stars' ? ready[method] : false,
  );
}

/**
 * What the buy screen may offer (GET /api/config). Outside demo mode: the configured real rails. In demo
 * mode: `demo` first, then every method of PAYMENT_METHODS, each paid on its real rail when that is
 * configured and on the demo rail otherwise. `stars` is shown by the mini-app only inside Telegram.
 */
export function availablePaymentMethods(config: RailConfig): PaymentMethod[] {
  if (!config.demo) return configuredRailMethods(config);
  const methods = config.paymentMethods.filter((method) => method !== 'demo') as PaymentMethod[];
  return ['demo', ...methods];
}
