import { MESSAGES, OFFER_EXPIRY_HOURS, parsePrice } from '@stickerdrop/shared';

export const EXPIRY_INVALID = `Choose an expiry between ${OFFER_EXPIRY_HOURS.min} and ${OFFER_EXPIRY_HOURS.max} hours`;

export interface OfferFormValues {
  price: string;
  expiresInHours: string;
}

/** The first problem with the form, in the order the fields are shown; null when it can be sent. */
export function offerFormProblem(values: OfferFormValues): string | null {
  if (parsePrice(values.price) === null) return MESSAGES.priceInvalid;
  const hours = Number(values.expiresInHours);
  if (!Number.isInteger(hours) || hours < OFFER_EXPIRY_HOURS.min || hours > OFFER_EXPIRY_HOURS.max) {
    return EXPIRY_INVALID;
  }
  return null;
}

/** "5 h", "12 min", or null once the time has passed. */
export function timeLeft(until: string, now: Date = new Date()): string | null {
  const minutes = Math.floor((new Date(until).getTime() - now.getTime()) / 60_000);
  if (minutes <= 0) return null;
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h`;
}

/** "Expires in 5 h", "Expires in 12 min", "Expired": how long an open offer still stands. */
export function expiryText(expiresAt: string, now: Date = new Date()): string {
  const left = timeLeft(expiresAt, now);
  return left ? `Expires in ${left}` : 'Expired';
}
