import { describe, expect, it } from 'vitest';
import { exactTime, relativeTime } from '../../src/i18n/relative-time';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('says how long ago in the largest unit that fits, in English', () => {
    expect(relativeTime(ago(10), NOW, 'en-US')).toBe('now');
    expect(relativeTime(ago(50), NOW, 'en-US')).toBe('50 sec. ago');
    expect(relativeTime(ago(5 * 60), NOW, 'en-US')).toBe('5 min. ago');
    expect(relativeTime(ago(2 * 3600 + 59 * 60), NOW, 'en-US')).toBe('2 hr. ago');
    expect(relativeTime(ago(26 * 3600), NOW, 'en-US')).toBe('yesterday');
    expect(relativeTime(ago(3 * 86_400), NOW, 'en-US')).toBe('3 days ago');
    expect(relativeTime(ago(15 * 86_400), NOW, 'en-US')).toBe('2 wk. ago');
    expect(relativeTime(ago(65 * 86_400), NOW, 'en-US')).toBe('2 mo. ago');
    expect(relativeTime(ago(800 * 86_400), NOW, 'en-US')).toBe('2 yr. ago');
  });

  it('says "in" for what is still to come', () => {
    expect(relativeTime(new Date(NOW.getTime() + 3 * 3600 * 1000), NOW, 'en-US')).toBe('in 3 hr.');
  });

  it("speaks the viewer's language", () => {
    expect(relativeTime(ago(2 * 3600), NOW, 'de')).toBe('vor 2 Std.');
    expect(relativeTime(ago(2 * 3600), NOW, 'ru')).toBe('2 ч назад');
    // French puts a no-break space before the unit.
    expect(relativeTime(ago(2 * 3600), NOW, 'fr')).toMatch(/^il y a 2\sh$/);
  });
});

describe('exactTime', () => {
  it('gives the date and the time to the minute, in the locale', () => {
    const at = '2026-11-24T08:05:00.000Z';
    // The time zone is the machine's: match the shape, and the date that is the same in every zone near UTC.
    expect(exactTime(at, 'en-US')).toMatch(/^Nov 2[34], 2026, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(exactTime(at, 'de')).toMatch(/^2[34]\.11\.2026, \d{2}:\d{2}$/);
  });
});
