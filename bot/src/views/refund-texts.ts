import { CURRENCY } from '@stickerdrop/shared';
import type { RefundNoticePayload, RefundReason, RefundRoute } from '@stickerdrop/core';
import { escapeHtml } from './texts.js';

/** What the buyer is told when a payment bought nothing. HTML (the bot's parse mode); titles are escaped. */

const WHY: Record<RefundReason | 'underpaid' | 'unmatched', string> = {
  sold_out: 'arrived after its reservation ran out, and the last editions had been sold meanwhile',
  already_owned: 'was for a pack you already own',
  duplicate_payment: 'was a second payment for an order that was already paid',
  listing_gone: 'arrived after its reservation ran out, and the edition was no longer for sale at that price',
  offer_gone: 'arrived after its reservation ran out, and the edition was no longer available to you',
  underpaid: 'was less than the price of the order',
  unmatched: 'did not match any order',
};

const HOW: Record<RefundRoute, string> = {
  stars: 'The Stars have been refunded to your Telegram balance.',
  stripe: 'It has been refunded to your card; banks take 5–10 days to show it.',
  ton: `Stickerdrop support will send the ${CURRENCY} back to the wallet it came from. Send /paysupport if you have questions.`,
  demo: 'It was a demo payment, so nothing was charged.',
};

export function refundNotice(input: Pick<RefundNoticePayload, 'title' | 'reason' | 'route'>): string {
  const what = input.title ? `Your payment for <b>${escapeHtml(input.title)}</b>` : 'Your payment';
  const why = WHY[input.reason as keyof typeof WHY] ?? 'could not buy an edition';
  return `${what} ${why}, so no edition was bought.\n${HOW[input.route]}`;
}
