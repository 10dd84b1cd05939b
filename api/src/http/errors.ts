import { API_ERRORS } from '@stickerdrop/shared';
import type { DomainErrorCode } from '@stickerdrop/core';

/** A refusal the HTTP layer makes itself (auth, routing, rate limits); core's refusals are DomainErrors. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string = API_ERRORS.unauthorized) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string = API_ERRORS.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const gone = (message: string) => new HttpError(410, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
/** A capability that is switched off or not configured; its message is ours, so it is shown. */
export const serviceUnavailable = (message: string) => new HttpError(503, message);

/** The one table from core's refusals to HTTP statuses. */
export const DOMAIN_ERROR_STATUS: Record<DomainErrorCode, number> = {
  invalid_input: 400,
  invalid_price: 400,
  invalid_image: 400,
  unsupported_image: 415,
  file_too_large: 413,
  payment_method_unavailable: 400,
  unauthorized: 401,
  forbidden: 403,
  own_edition: 400,
  not_found: 404,
  sold_out: 409,
  already_owned: 409,
  not_for_sale: 409,
  edition_held: 409,
  wallet_required: 409,
  offer_closed: 409,
  gift_pending: 409,
  gift_closed: 409,
  resale_locked: 409,
  per_user_limit: 409,
  reservation_limit: 409,
  reservation_cooldown: 429,
  offer_limit: 409,
  offer_changed: 409,
  drop_not_open: 409,
  drop_open: 409,
  already_done: 409,
  gone: 410,
  balance_too_low: 409,
  unavailable: 503,
  telegram_account_required: 409,
};
