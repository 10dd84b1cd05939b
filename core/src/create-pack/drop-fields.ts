import { DROP_ERRORS, MAX_DROP_LEAD_DAYS } from '@stickerdrop/shared';
import { DomainError } from '../errors.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Empty: no limit. Otherwise a whole number from 1 to the edition size. */
export function parseMaxPerUser(value: number | string | null | undefined, maxSupply: number): number | null {
  const text = String(value ?? '').trim();
  if (text === '') return null;
  const max = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
  if (!(max >= 1 && max <= maxSupply)) throw new DomainError('invalid_input', DROP_ERRORS.invalidMaxPerUser);
  return max;
}

/**
 * Empty: on sale at once. Otherwise a time with its zone (ISO 8601 with Z or an offset, as the mini-app
 * sends it), in the future and at most a year ahead. A time without a zone is refused rather than guessed.
 */
export function parseDropsAt(value: string | Date | null | undefined, now: Date): Date | null {
  if (value instanceof Date) return checkDropsAt(value, now);
  const text = String(value ?? '').trim();
  if (text === '') return null;
  const zoned = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text);
  return checkDropsAt(zoned ? new Date(text) : new Date(NaN), now);
}

function checkDropsAt(at: Date, now: Date): Date {
  const lead = at.getTime() - now.getTime();
  if (!(lead > 0 && lead <= MAX_DROP_LEAD_DAYS * DAY_MS))
    throw new DomainError('invalid_input', DROP_ERRORS.invalidDropsAt);
  return at;
}
