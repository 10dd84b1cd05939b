import { describe, expect, it } from 'vitest';
import { STARS_LOCK_TEXTS, formatLockDate, starsLockEnd } from '../src/index.js';

describe('Stars lock texts', () => {
  it('names the moment in UTC, to the minute', () => {
    expect(formatLockDate('2026-12-14T00:06:00.000Z')).toBe('14 Dec 2026, 00:06 UTC');
    expect(formatLockDate(new Date('2027-01-02T17:45:00.000Z'))).toBe('2 Jan 2027, 17:45 UTC');
  });

  it('ends the lock whole days after the payment, rounded up to the next minute', () => {
    expect(starsLockEnd(new Date('2026-11-23T00:05:30.000Z'), 21).toISOString()).toBe('2026-12-14T00:06:00.000Z');
    expect(starsLockEnd(new Date('2026-11-23T00:05:00.000Z'), 21).toISOString()).toBe('2026-12-14T00:05:00.000Z');
  });

  it('says the API’s refusal with the moment', () => {
    const at = '2026-12-14T00:06:00.000Z';
    expect(STARS_LOCK_TEXTS.lockedError(at)).toBe('This edition can be resold from 14 Dec 2026, 00:06 UTC');
  });
});
