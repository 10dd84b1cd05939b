import type { Config } from '../config.js';
import type { TonTarget } from '../resale/ton-legs.js';

export type OfferSaleConfig = Pick<Config, 'demo' | 'ton' | 'marketFeeBps' | 'paymentMethods'>;

/** How the order of an accepted offer is paid: TON legs when TON is set up, else the demo rail in demo mode. */
export interface OfferSaleTerms {
  ton: TonTarget | null;
  feeBps: number;
}

/**
 * The terms for this deployment, or null when an accepted offer could not be paid (no TON rail, no demo):
 * resale is paid in TON, wallet to wallet, and a watcher (the indexer) must be there to confirm it.
 */
export function offerSaleTerms(config: OfferSaleConfig): OfferSaleTerms | null {
  const { receiver, indexerUrl, network } = config.ton;
  if (config.paymentMethods.includes('ton') && receiver && indexerUrl) {
    return { ton: { receiver, network }, feeBps: config.marketFeeBps };
  }
  return config.demo ? { ton: null, feeBps: config.marketFeeBps } : null;
}
