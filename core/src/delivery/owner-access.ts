import { API_ERRORS, MESSAGES, OPS_ERRORS } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { DomainError } from '../errors.js';
import { isDemoAccount } from '../auth/demo-users.js';
import { findPackAccess, type PackAccess } from './pack-zip.js';

/**
 * What downloads and "Add to Telegram" require of a signed-in caller: a pack that exists, an edition of it
 * theirs, and a pack the marketplace has not removed (409: a set deleted for copyright is not made again).
 */
export async function requirePackOwner(db: DbOrTx, packId: number, userId: number): Promise<PackAccess> {
  const pack = await findPackAccess(db, packId, userId);
  if (!pack) throw new DomainError('not_found', MESSAGES.packNotFound);
  if (!pack.owned) throw new DomainError('forbidden', MESSAGES.downloadRequiresPurchase);
  if (pack.removed) throw new DomainError('not_for_sale', OPS_ERRORS.packRemoved);
  return pack;
}

/** What the bot makes for a person in Telegram: their own sticker set, or a message they send to a chat. */
export type TelegramDelivery = 'sticker-set' | 'share-message';

const UNAVAILABLE: Record<TelegramDelivery, string> = {
  'sticker-set': API_ERRORS.telegramSetUnavailable,
  'share-message': API_ERRORS.shareMessageUnavailable,
};

/** The refusal when this deployment cannot make `what` now (no bot configured, or Telegram refused). */
export function telegramDeliveryUnavailable(what: TelegramDelivery): DomainError {
  return new DomainError('unavailable', UNAVAILABLE[what]);
}

/**
 * Telegram makes sticker sets and prepared messages for a Telegram account, through this deployment's bot:
 * demo users (negative ids) have no account there, and without a bot there is nobody to ask.
 */
export function requireTelegramDelivery(userId: number, what: TelegramDelivery, botConfigured: boolean): void {
  if (isDemoAccount(userId)) throw new DomainError('telegram_account_required', API_ERRORS.telegramAccountRequired);
  if (!botConfigured) throw telegramDeliveryUnavailable(what);
}
