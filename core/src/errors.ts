import type { z } from 'zod';
import { API_ERRORS } from '@stickerdrop/shared';

/**
 * What a refusal is about. The API maps each code to a status in one table, the bot to a chat text in
 * another; core never speaks HTTP. A new code fails the build until both tables name it.
 */
export const DOMAIN_ERROR_CODES = [
  /** A request part or field fails its rule (SPEC's validation texts). */
  'invalid_input',
  'invalid_price',
  /** An upload that is an image by name but cannot be read, or is too large in pixels. */
  'invalid_image',
  /** An upload that is not an image type we take. */
  'unsupported_image',
  'file_too_large',
  'payment_method_unavailable',
  'unauthorized',
  'forbidden',
  'own_edition',
  'not_found',
  'sold_out',
  'already_owned',
  'not_for_sale',
  'edition_held',
  'wallet_required',
  /** An offer that was accepted, declined, withdrawn, lapsed or has expired: it cannot be answered again. */
  'offer_closed',
  /** An edition paid in Stars, before STARS_RESALE_LOCK_DAYS have passed: not yet listable or open to offers. */
  'resale_locked',
  /** The edition waits to be claimed as a gift: it cannot be listed, sold, offered on or gifted again. */
  'gift_pending',
  /** A gift claimed already, cancelled or expired: it cannot be claimed or cancelled. */
  'gift_closed',
  /** Fair drops: the collector holds the pack's per-collector cap already (reservations included). */
  'per_user_limit',
  /** The buyer holds RESERVATIONS_MAX_OPEN unpaid reservations already: pay or let one lapse first. */
  'reservation_limit',
  /** Too many reservations left unpaid lately (RESERVATION_COOLDOWN): no new one until the window passes. */
  'reservation_cooldown',
  /** The bidder has OFFERS_MAX_OPEN open offers already. */
  'offer_limit',
  /** An offer's price changed since the message whose button was pressed: the owner must see the new one. */
  'offer_changed',
  /** Fair drops: buying before the drop opens. */
  'drop_not_open',
  /** Fair drops: "Notify me" on a pack whose drop has opened (or that never had one). */
  'drop_open',
  /** What was asked is in place already: an open report of the pack, a ban, a takedown (or none to undo). */
  'already_done',
  /** The state moved on (an expired code, a finished order): asking again will not help. */
  'gone',
  /** A creator's withdrawal with nothing available, or less than PAYOUT_MIN. */
  'balance_too_low',
  /** A capability this deployment has switched off or not configured; its text is ours, so it is shown. */
  'unavailable',
  /** A demo account asked for something only a Telegram account can have (a sticker set, a prepared message). */
  'telegram_account_required',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** A refusal the user can act on: a code for the edges and the SPEC's text for the person. */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/**
 * Parses a request part with a shared schema; the first issue becomes an `invalid_input` refusal. Messages a
 * schema names (SPEC's texts) pass through as written; zod's generic ones are replaced by a sentence naming
 * the field.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value ?? {}, { error: describeIssue });
  if (result.success) return result.data;
  throw new DomainError('invalid_input', result.error.issues[0]?.message ?? API_ERRORS.invalidRequest);
}

function describeIssue(issue: z.core.$ZodRawIssue): string {
  const field = issue.path?.length ? issue.path.join('.') : 'request';
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `${field} is required` : `${field} must be a ${issue.expected}`;
    case 'too_small':
      return issue.origin === 'string' ? `${field} is too short` : `${field} must be at least ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'string' ? `${field} is too long` : `${field} must be at most ${issue.maximum}`;
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.join(', ')}`;
    case 'invalid_format':
      return `${field} is not a valid ${issue.format}`;
    default:
      return `${field} is invalid`;
  }
}
