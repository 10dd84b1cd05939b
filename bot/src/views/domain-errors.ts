import { DomainError, type DomainErrorCode } from '@stickerdrop/core';

const asWritten = (message: string) => message;

/**
 * The bot's side of core's refusals: what the chat says for each code. Core's texts are SPEC's own, written
 * for people, so most are said as they are; a code that needs other words in a chat gets them here.
 */
const CHAT_TEXT: Record<DomainErrorCode, (message: string) => string> = {
  invalid_input: asWritten,
  invalid_price: asWritten,
  invalid_image: asWritten,
  unsupported_image: asWritten,
  file_too_large: asWritten,
  payment_method_unavailable: asWritten,
  unauthorized: () => 'Please send /start and try again.',
  forbidden: asWritten,
  own_edition: asWritten,
  not_found: asWritten,
  sold_out: asWritten,
  already_owned: asWritten,
  not_for_sale: asWritten,
  edition_held: asWritten,
  wallet_required: asWritten,
  offer_closed: asWritten,
  gift_pending: asWritten,
  gift_closed: asWritten,
  resale_locked: asWritten,
  per_user_limit: asWritten,
  reservation_limit: asWritten,
  reservation_cooldown: asWritten,
  offer_limit: asWritten,
  offer_changed: asWritten,
  drop_not_open: asWritten,
  drop_open: asWritten,
  gone: asWritten,
  unavailable: asWritten,
  telegram_account_required: asWritten,
};

/** What to tell the user for a refusal from core; null for any other error (a fault to log). */
export function chatTextOf(error: unknown): string | null {
  return error instanceof DomainError ? CHAT_TEXT[error.code](error.message) : null;
}
