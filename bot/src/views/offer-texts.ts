import { tonAmountIn } from '@stickerdrop/shared';
import type { OfferAcceptedPayload, OfferNoticePayload, OfferReceivedPayload } from '@stickerdrop/core';
import { escapeHtml, timeIn } from './texts.js';
import type { Reader } from '../i18n.js';

/**
 * The offer messages of the outbox, in the reader's language (bot/locales/*.ftl): a new offer to an owner,
 * its outcome to the bidder. HTML, like every bot text; titles and names escaped, amounts in the reader's digits.
 */
export function offerNotices({ t, language }: Reader) {
  const ton = (amount: string) => tonAmountIn(language, amount);
  const time = (iso: string) => timeIn(language, iso, 'minute');
  /** "#3 of Space Cats", or "any edition of Space Cats" for a pack-wide offer not yet accepted. */
  const target = (offer: Pick<OfferNoticePayload, 'serial' | 'title'>) =>
    offer.serial === null
      ? t('offer-target-any', { title: escapeHtml(offer.title) })
      : t('offer-target-serial', { serial: String(offer.serial), title: escapeHtml(offer.title) });
  /** "Your listing: 3.50 TON · Floor: 3.20 TON", each part when there is one. */
  const compared = (offer: Pick<OfferReceivedPayload, 'listingPrice' | 'floor'>) => {
    const parts = [
      ...(offer.listingPrice ? [t('offer-your-listing', { price: ton(offer.listingPrice) })] : []),
      ...(offer.floor ? [t('offer-floor', { price: ton(offer.floor) })] : []),
    ];
    return parts.length > 0 ? [parts.join(' · ')] : [];
  };
  const outcome = (offer: OfferNoticePayload) => ({ price: ton(offer.price), target: target(offer) });
  return {
    received: (offer: OfferReceivedPayload) =>
      [
        t('offer-received', {
          price: ton(offer.price),
          target: target({ ...offer, serial: offer.packWide ? null : offer.serial }),
        }),
        t('offer-received-from', { bidder: escapeHtml(offer.bidderName), until: time(offer.expiresAt) }),
        ...(offer.receive ? [t('offer-received-receive', { receive: ton(offer.receive) })] : []),
        ...compared(offer),
        ...(offer.packWide ? [t('offer-received-sells', { serial: String(offer.serial) })] : []),
      ].join('\n'),
    accept: t('offer-accept'),
    acceptSerial: (serial: number) => t('offer-accept-serial', { serial: String(serial) }),
    decline: t('offer-decline'),
    pay: t('pay-order'),
    accepted: (offer: OfferAcceptedPayload) =>
      t('offer-accepted', { target: target(offer), price: ton(offer.price), payBy: time(offer.payBy) }),
    declined: (offer: OfferNoticePayload) => t('offer-declined', outcome(offer)),
    expired: (offer: OfferNoticePayload) => t('offer-expired', outcome(offer)),
    lapsed: (offer: OfferNoticePayload) => t('offer-lapsed', outcome(offer)),
  };
}
