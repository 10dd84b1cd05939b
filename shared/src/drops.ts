/** Fair drops: per-collector caps, scheduled drops and "Notify me". */

/** A drop may be scheduled at most this far ahead. */
export const MAX_DROP_LEAD_DAYS = 365;

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * One unambiguous way to write a drop's time everywhere (API errors, bot, mini-app): ISO-like, 24-hour,
 * always UTC and saying so. Seconds only when the drop is not on the minute.
 * 2026-12-01T18:00:00Z → "2026-12-01 18:00 UTC".
 */
export function formatDropTime(at: Date | string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const seconds = date.getUTCSeconds() === 0 ? '' : `:${pad(date.getUTCSeconds())}`;
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}${seconds} UTC`;
}

/** A datetime-local value is the device's local time: sent as an absolute ISO time, so the server never guesses a zone. */
export function dropsAtIso(local: string): string | null {
  const at = new Date(local);
  return local === '' || Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The time left as "2d 03:04:05" or "03:04:05"; never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

/** The drop has not opened yet at `now`. */
export function isUpcomingDrop(pack: { dropsAt: string | null }, now: number): boolean {
  return pack.dropsAt !== null && Date.parse(pack.dropsAt) > now;
}

export const DROP_ERRORS = {
  perUserLimit: 'You already hold the most editions of this pack one collector may have',
  notOpenYet: (at: Date | string) => `This drop opens at ${formatDropTime(at)}`,
  alreadyOpen: 'This drop is already open',
  invalidMaxPerUser: 'Editions per collector must be a whole number from 1 to the edition size',
  invalidDropsAt: `The drop time must be a date and time in the future, at most ${MAX_DROP_LEAD_DAYS} days ahead`,
} as const;
