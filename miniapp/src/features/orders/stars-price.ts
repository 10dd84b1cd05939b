import { parseTon, starsFor, type ClientConfig, type PaymentMethod } from '@stickerdrop/shared';
import type { Formats } from '../../i18n/format';
import { translate } from '../../i18n/translate';
import { STARS_SIGN } from '../../telegram/native-text';
import { ordersTexts } from './messages';

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

/** A TON amount as text in the reader's digits: SPEC's "2.20 TON", "1 234,56 TON" in Russian. */
export function tonText(format: Formats, amountTon: string): string {
  return translate(ordersTexts, 'orders.ton', { amount: format.tonAmount(amountTon) });
}

/**
 * The amount in the chosen rail's own unit, for Telegram's Main Button: a star and 550 with Stars, else
 * "2.20 TON" (SPEC's price text).
 */
export function nativeAmountText(method: PaymentMethod, amountTon: string, terms: StarsTerms, format: Formats): string {
  const stars = method === 'stars' ? starsPrice(amountTon, terms) : null;
  return stars === null ? tonText(format, amountTon) : `${STARS_SIGN} ${format.number(stars)}`;
}

/**
 * A message with an `<amount/>` (RichText's markup) as plain text, for a native button: "Pay (demo) · <amount/>"
 * with "2.20 TON". The same message the page's button shows, so the two never say it differently.
 */
export function withAmountText(message: string, amount: string): string {
  return message.replace(/<amount\/>/, amount);
}
