import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { configuredRailMethods, type PaymentRail } from '../sales/payment-methods.js';
import { starsRail } from './stars/rail.js';
import { createStripeClient, type Stripe } from './stripe/client.js';
import { stripeRail } from './stripe/rail.js';
import type { PaymentsTelegram } from './telegram.js';
import { tonRail } from './ton/rail.js';
import { createTonIndexer, type TonIndexer } from './ton/indexer.js';
import { AwaitedTonPayments } from './ton/awaited.js';

export interface PaymentSetup {
  /** The real rails, for the orders routes; a method without one is paid by the demo rail in demo mode. */
  rails: PaymentRail[];
  /** Present when the Stripe rail is: the webhook and refunds use it. */
  stripe: Stripe | undefined;
  /** The Bot API client when a bot is configured: Stars and buyer notices. */
  telegram: PaymentsTelegram | undefined;
  /** The TON indexer client when TON is configured with one: the watcher reads payments through it. */
  tonIndexer: TonIndexer | undefined;
  /** When this process last handed out TON payment instructions: its watcher polls sooner meanwhile. */
  tonAwaited: AwaitedTonPayments;
}

/**
 * Builds every configured rail once, from config; the one place the process's payment clients come from
 * (the routes and the background jobs share them). `telegram` is the edge's Bot API client, if a bot is set.
 */
export function createPaymentSetup(deps: {
  config: Config;
  db: Database;
  telegram?: PaymentsTelegram | undefined;
}): PaymentSetup {
  const { config, db, telegram } = deps;
  const methods = new Set(configuredRailMethods(config));
  const stripe =
    methods.has('stripe') && config.stripe.secretKey
      ? createStripeClient(config.stripe.secretKey, config.stripe.apiBase)
      : undefined;
  const rails: PaymentRail[] = [];
  const tonAwaited = new AwaitedTonPayments();
  if (methods.has('ton') && config.ton.receiver) {
    const { receiver, network } = config.ton;
    rails.push(tonRail({ db, receiver, network, primaryFeeBps: config.balance.primaryFeeBps, awaited: tonAwaited }));
  }
  if (stripe) rails.push(stripeRail({ db, stripe, usdRate: config.ton.usdRate, publicUrl: config.publicUrl }));
  if (methods.has('stars') && telegram) rails.push(starsRail({ db, telegram, starsPerTon: config.starsPerTon }));
  // Read by the watcher (TON payments in) and the payout wallet (money out).
  const tonIndexer =
    ((methods.has('ton') && config.ton.receiver) || config.payouts.mnemonic) && config.ton.indexerUrl
      ? createTonIndexer(config.ton.indexerUrl)
      : undefined;
  return { rails, stripe, telegram, tonIndexer, tonAwaited };
}
