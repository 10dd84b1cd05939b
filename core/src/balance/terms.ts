import type { PaymentMethod } from '@stickerdrop/shared';

/** The rails whose money the marketplace holds for a creator until it is paid out. */
export type BalanceRail = 'ton' | 'stars' | 'stripe';

/** What a credit is worth and when it becomes available: PRIMARY_FEE_BPS and CARD_PAYOUT_HOLD_DAYS. */
export interface BalanceTerms {
  /** The marketplace's cut of a primary sale, in basis points: 500 leaves the creator 95 %. */
  primaryFeeBps: number;
  /** Days a card payment stays pending: within them the buyer's bank can still take it back. */
  cardHoldDays: number;
}

export const DEFAULT_PRIMARY_FEE_BPS = 500;
export const DEFAULT_CARD_PAYOUT_HOLD_DAYS = 7;
export const DEFAULT_BALANCE_TERMS: BalanceTerms = {
  primaryFeeBps: DEFAULT_PRIMARY_FEE_BPS,
  cardHoldDays: DEFAULT_CARD_PAYOUT_HOLD_DAYS,
};

/** Telegram holds a bot's Stars revenue this long, and a Stars payment can be refunded until then. */
export const STARS_HOLD_DAYS = 21;

const DAY_MS = 86_400_000;
const BPS_DENOMINATOR = 10_000n;

/**
 * The rail whose money a credit stands for, or null when no money came in: the demo rail's payments are
 * pretend, so they never credit anything that could be paid out. `acquiredWith` says how a sale was really
 * paid (the demo rail keeps the method the buyer chose on the order).
 */
export function balanceRailOf(method: string, acquiredWith: string): BalanceRail | null {
  if (acquiredWith === 'demo') return null;
  const rails: readonly PaymentMethod[] = ['ton', 'stars', 'stripe'];
  return rails.includes(method as PaymentMethod) ? (method as BalanceRail) : null;
}

/** The creator's share of a primary sale: the price less the fee, the fee rounded down as a resale's is. */
export function primarySaleShare(priceNano: bigint, primaryFeeBps: number): bigint {
  return priceNano - (priceNano * BigInt(primaryFeeBps)) / BPS_DENOMINATOR;
}

/** When a credit taken at `at` stops being pending: once the rail can no longer take the money back. */
export function availableAtFor(rail: BalanceRail, at: Date, terms: BalanceTerms): Date {
  if (rail === 'stars') return new Date(at.getTime() + STARS_HOLD_DAYS * DAY_MS);
  if (rail === 'stripe') return new Date(at.getTime() + terms.cardHoldDays * DAY_MS);
  return at;
}
