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

/** "Expires in 5 h", "Expires in 12 min", "Expired": how long an open offer still stands. */
export function expiryText(expiresAt: string, now: Date = new Date()): string {
  const minutes = Math.floor((new Date(expiresAt).getTime() - now.getTime()) / 60_000);
  if (minutes <= 0) return 'Expired';
  if (minutes < 60) return `Expires in ${minutes} min`;
  return `Expires in ${Math.floor(minutes / 60)} h`;
}
