import { OFFER_EXPIRY_HOURS, parsePrice } from '@stickerdrop/shared';
import { translate } from '../../i18n/translate';
import { offersTexts } from './messages';

export interface OfferFormValues {
  price: string;
  expiresInHours: string;
}

/** The first problem with the form, in the order the fields are shown; null when it can be sent. */
export function offerFormProblem(values: OfferFormValues): string | null {
  if (parsePrice(values.price) === null) return translate(offersTexts, 'offers.form.priceInvalid');
  const hours = Number(values.expiresInHours);
  if (!Number.isInteger(hours) || hours < OFFER_EXPIRY_HOURS.min || hours > OFFER_EXPIRY_HOURS.max) {
    return translate(offersTexts, 'offers.form.expiryInvalid', OFFER_EXPIRY_HOURS);
  }
  return null;
}

/** "5 h", "12 min", or null once the time has passed. */
export function timeLeft(until: string, now: Date = new Date()): string | null {
  const minutes = Math.floor((new Date(until).getTime() - now.getTime()) / 60_000);
  if (minutes <= 0) return null;
  return minutes < 60
    ? translate(offersTexts, 'offers.left.minutes', { count: minutes })
    : translate(offersTexts, 'offers.left.hours', { count: Math.floor(minutes / 60) });
}

/** "Expires in 5 h", "Expires in 12 min", "Expired": how long an open offer still stands. */
export function expiryText(expiresAt: string, now: Date = new Date()): string {
  const left = timeLeft(expiresAt, now);
  return left ? translate(offersTexts, 'offers.expiresIn', { left }) : translate(offersTexts, 'offers.expired');
}
