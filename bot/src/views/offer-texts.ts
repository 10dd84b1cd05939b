import { CURRENCY } from '@stickerdrop/shared';
import type { OfferAcceptedPayload, OfferNoticePayload, OfferReceivedPayload } from '@stickerdrop/core';
import { escapeHtml } from './texts.js';

/** "2026-11-24 18:05 UTC": one unambiguous time for everyone in the chat. */
export function utcTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** "#3 of Space Cats", or "any edition of Space Cats" for a pack-wide offer not yet accepted. */
function target(offer: Pick<OfferNoticePayload, 'serial' | 'title'>): string {
  const title = escapeHtml(offer.title);
  return offer.serial === null ? `any edition of ${title}` : `#${offer.serial} of ${title}`;
}

/** "Your listing: 3.50 TON · Floor: 3.20 TON", each part when there is one. */
function compared(offer: Pick<OfferReceivedPayload, 'listingPrice' | 'floor'>): string[] {
  const parts = [
    ...(offer.listingPrice ? [`Your listing: ${offer.listingPrice} ${CURRENCY}`] : []),
    ...(offer.floor ? [`Floor: ${offer.floor} ${CURRENCY}`] : []),
  ];
  return parts.length > 0 ? [parts.join(' · ')] : [];
}

/** The texts of offers in the chat. HTML, like every bot text. */
export const OFFER_TEXTS = {
  received: (offer: OfferReceivedPayload) =>
    [
      `<b>New offer: ${offer.price} ${CURRENCY} for ${target({ ...offer, serial: offer.packWide ? null : offer.serial })}</b>`,
      `From ${escapeHtml(offer.bidderName)}, open until ${utcTime(offer.expiresAt)}.`,
      ...(offer.receive ? [`You receive ${offer.receive} ${CURRENCY} after the creator’s royalty and the fee.`] : []),
      ...compared(offer),
      ...(offer.packWide ? [`Accepting sells your #${offer.serial}.`] : []),
    ].join('\n'),
  accept: 'Accept',
  acceptSerial: (serial: number) => `Accept for #${serial}`,
  decline: 'Decline',
  accepted: (offer: OfferAcceptedPayload) =>
    `<b>Offer accepted:</b> ${target(offer)} for ${offer.price} ${CURRENCY}. ` +
    `Pay by ${utcTime(offer.payBy)} to make it yours.`,
  declined: (offer: OfferNoticePayload) =>
    `Your offer of ${offer.price} ${CURRENCY} for ${target(offer)} was declined.`,
  expired: (offer: OfferNoticePayload) => `Your offer of ${offer.price} ${CURRENCY} for ${target(offer)} expired.`,
  /** To the owner, after Accept or Decline in the chat. */
  youAccepted: (payBy: string) =>
    `Accepted. The buyer has until ${utcTime(payBy)} to pay; until then the edition is held.`,
  youDeclined: 'Declined. The bidder has been told.',
  acceptInApp: 'Offers can be accepted in the app here.',
} as const;
