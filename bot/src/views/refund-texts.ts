import type { RefundNoticePayload, RefundReason, RefundRoute } from '@stickerdrop/core';
import { translatorFor, type Translate } from '../i18n.js';
import { escapeHtml } from './texts.js';

/**
 * What the buyer is told when a payment bought nothing, in their language (refund-* in bot/locales/*.ftl).
 * HTML (the bot's parse mode); titles are escaped.
 */

const REASONS: ReadonlyArray<RefundReason | 'underpaid' | 'unmatched'> = [
  'sold_out',
  'already_owned',
  'duplicate_payment',
  'listing_gone',
  'offer_gone',
  'taken_down',
  'pack_removed',
  'underpaid',
  'unmatched',
];
/** The catalogue keys these texts are written from, for the test that every key exists. */
export const REFUND_KEYS = [
  ...REASONS.map((reason) => `refund-why-${reason}`),
  ...(['stars', 'stripe', 'ton_wallet', 'ton', 'demo'] satisfies RefundRoute[]).map((route) => `refund-how-${route}`),
  'refund-why-other',
  'refund-your-payment',
  'refund-your-payment-for',
  'refund-notice',
];

export function refundNotice(
  input: Pick<RefundNoticePayload, 'title' | 'reason' | 'route'>,
  t: Translate = translatorFor('en'),
): string {
  const what = input.title
    ? t('refund-your-payment-for', { title: escapeHtml(input.title) })
    : t('refund-your-payment');
  const known = (REASONS as readonly string[]).includes(input.reason);
  const why = t(known ? `refund-why-${input.reason}` : 'refund-why-other');
  return t('refund-notice', { what, why, how: t(`refund-how-${input.route}`) });
}
