/**
 * Stars-safe editions: an edition paid in Telegram Stars is resellable only some days after its
 * purchase, because a Stars payment can be refunded. The date format lives here so the API's error,
 * the bot and the mini-app's English name the same moment the same way.
 */

/** STARS_RESALE_LOCK_DAYS when unset: Telegram's own gift market locks resale for 21 days. */
export const DEFAULT_STARS_RESALE_LOCK_DAYS = 21;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * "14 Dec 2026, 00:05 UTC". In UTC and to the minute: the lock ends at a moment, not on a day, so a day
 * alone would invite a retry hours too early, and every reader (and the bot) sees the same words.
 */
export function formatLockDate(at: string | Date): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  const day = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  return `${day}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/**
 * The moment the lock ends: `paidAt` plus `lockDays` whole days, rounded up to the next minute, so the
 * minute the texts name is never earlier than the lock's real end.
 */
export function starsLockEnd(paidAt: Date, lockDays: number): Date {
  const end = paidAt.getTime() + lockDays * 24 * 60 * 60 * 1000;
  return new Date(Math.ceil(end / 60_000) * 60_000);
}

export const STARS_LOCK_TEXTS = {
  /** The 409 of listing or offering on a locked edition. */
  lockedError: (resellableFrom: string | Date) => `This edition can be resold from ${formatLockDate(resellableFrom)}`,
} as const;
