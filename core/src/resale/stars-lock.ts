import { STARS_LOCK_TEXTS, starsLockEnd, type EditionPayment, type PaymentMethod } from '@stickerdrop/shared';
import { DomainError } from '../errors.js';

/**
 * The Stars resale lock. A Stars payment can be refunded for weeks after it is made, and a refund
 * takes the edition back; were it resold meanwhile, its new owner would lose what they paid for. So an
 * edition whose owner paid in Stars can be listed or offered on only STARS_RESALE_LOCK_DAYS after that
 * purchase. TON (on chain, final) and card payments are not locked, and neither is an edition bought on the
 * resale market: the lock follows the owner's own payment, which `editions.acquired_*` record.
 */
export interface EditionAcquisition {
  acquiredWith: string | null;
  acquiredAt: Date | null;
}

/** When the edition becomes resellable, or null when it can be resold at `now`. */
export function resellableFrom(edition: EditionAcquisition, now: Date, lockDays: number): Date | null {
  if (lockDays <= 0 || edition.acquiredWith !== 'stars' || !edition.acquiredAt) return null;
  const end = starsLockEnd(edition.acquiredAt, lockDays);
  return end.getTime() > now.getTime() ? end : null;
}

/**
 * The one check every resale path makes before an edition goes on the market (listing, offers): a
 * DomainError 'resale_locked' (409) "This edition can be resold from <date>" while it is locked. Call it with the
 * edition row locked (`lockEdition`), so its owner cannot change between the check and the write.
 */
export function assertResellable(edition: EditionAcquisition, now: Date, lockDays: number): void {
  const from = resellableFrom(edition, now, lockDays);
  if (from) throw new DomainError('resale_locked', STARS_LOCK_TEXTS.lockedError(from));
}

/** What edition reads show: how the owner paid, and until when it is locked. */
export function editionPayment(edition: EditionAcquisition, now: Date, lockDays: number): EditionPayment {
  const from = resellableFrom(edition, now, lockDays);
  return {
    paidWith: (edition.acquiredWith as PaymentMethod | null) ?? null,
    resellableFrom: from?.toISOString() ?? null,
  };
}
