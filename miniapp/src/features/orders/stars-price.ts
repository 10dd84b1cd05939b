import { CURRENCY, parseTon, starsFor, type ClientConfig, type PaymentMethod } from '@stickerdrop/shared';
import { STARS_SIGN } from '../../telegram/native-text';

/** What the API says about Stars: its rate and the resale lock a Stars payment brings. */
export type StarsTerms = Pick<ClientConfig, 'starsPerTon' | 'starsResaleLockDays'> | undefined;

/**
 * The Stars a TON amount costs at the API's STARS_PER_TON, rounded as the invoice is (the same shared
 * function prices it); null while the rate is unknown or the amount unreadable.
 */
export function starsPrice(amountTon: string, terms: StarsTerms): number | null {
  const nano = parseTon(amountTon);
  if (nano === null || !terms?.starsPerTon) return null;
  return starsFor(nano, terms.starsPerTon);
}

/**
 * The amount in the chosen rail's own unit, for Telegram's Main Button: a star and 550 with Stars, else
 * "2.20 TON" (SPEC's price text).
 */
export function nativeAmountText(method: PaymentMethod, amountTon: string, terms: StarsTerms): string {
  const stars = method === 'stars' ? starsPrice(amountTon, terms) : null;
  return stars === null ? `${amountTon} ${CURRENCY}` : `${STARS_SIGN} ${stars}`;
}
