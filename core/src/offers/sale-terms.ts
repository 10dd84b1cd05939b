import { RESALE_ERRORS } from '@stickerdrop/shared';
import type { Config } from '../config.js';
import { DomainError } from '../errors.js';
import { resaleTonTarget } from '../sales/payment-methods.js';
import type { TonTarget } from '../sales/ton-legs.js';

export type OfferSaleConfig = Pick<Config, 'demo' | 'ton' | 'marketFeeBps' | 'paymentMethods' | 'starsResaleLockDays'>;

/** How the order of an accepted offer is paid: TON legs when TON is set up, else the demo rail in demo mode. */
export interface OfferSaleTerms {
  ton: TonTarget | null;
  feeBps: number;
  /** STARS_RESALE_LOCK_DAYS: accepting sells the edition, so the Stars lock applies. */
  starsLockDays: number;
}

/**
 * The terms for this deployment, or null when an accepted offer could not be paid (no TON rail, no demo):
 * resale is paid in TON, wallet to wallet, and a watcher (the indexer) must be there to confirm it.
 */
export function offerSaleTerms(config: OfferSaleConfig): OfferSaleTerms | null {
  const ton = resaleTonTarget(config);
  if (!ton && !config.demo) return null;
  return { ton, feeBps: config.marketFeeBps, starsLockDays: config.starsResaleLockDays };
}

/** The terms, or the refusal an accepted offer gets where it could not be paid: resale is paid in TON. */
export function requireOfferSaleTerms(config: OfferSaleConfig): OfferSaleTerms {
  const terms = offerSaleTerms(config);
  if (!terms) throw new DomainError('payment_method_unavailable', RESALE_ERRORS.tonOnly);
  return terms;
}
